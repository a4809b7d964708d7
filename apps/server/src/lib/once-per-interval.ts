/**
 * Says yes at most once per `intervalMs` for each key, in this process: for writes that only need
 * to be roughly current ("last used", shown to the minute), so a hot path does not pay a write
 * per request. Its memory is bounded: past `maxKeys` it forgets them all (a few extra writes).
 */
export function oncePerInterval(intervalMs: number, maxKeys = 50_000): (key: string) => boolean {
  const lastAt = new Map<string, number>();
  return (key) => {
    const now = Date.now();
    if ((lastAt.get(key) ?? 0) > now - intervalMs) return false;
    if (lastAt.size > maxKeys) lastAt.clear();
    lastAt.set(key, now);
    return true;
  };
}
