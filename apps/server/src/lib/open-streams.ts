/**
 * Counts long-lived answers (event streams) by key in this process, so that one account or one
 * address cannot hold thousands of sockets and watchers. Each stream is counted under every key it
 * has and counted out when it closes; a full key refuses it before any query runs. A stream that
 * gives `end` can be ended from outside by any of its keys (an account suspended: decision 054).
 */
export function createOpenStreams() {
  const counts = new Map<string, number>();
  const enders = new Map<string, Set<() => void>>();
  return {
    /** Whether `key` already holds `max` streams: a cheap refusal before anything else is looked up. */
    isFull(key: string, max: number): boolean {
      return (counts.get(key) ?? 0) >= max;
    },
    /** Counts a stream in under each `[key, max]`; undefined (nothing counted) when one is full, else its release. */
    enter(limits: Array<[key: string, max: number]>, end?: () => void): (() => void) | undefined {
      if (limits.some(([key, max]) => (counts.get(key) ?? 0) >= max)) return undefined;
      for (const [key] of limits) {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        if (end) enders.set(key, (enders.get(key) ?? new Set()).add(end));
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const [key] of limits) {
          const left = (counts.get(key) ?? 1) - 1;
          if (left > 0) counts.set(key, left);
          else counts.delete(key);
          if (end) {
            enders.get(key)?.delete(end);
            if (enders.get(key)?.size === 0) enders.delete(key);
          }
        }
      };
    },
    /** Ends every stream counted under `key` that can be ended; how many there were. */
    endAll(key: string): number {
      const found = [...(enders.get(key) ?? [])];
      for (const end of found) end();
      return found.length;
    },
  };
}

export type OpenStreams = ReturnType<typeof createOpenStreams>;
