/**
 * Coalesces lookups that arrive in the same turn of the event loop into one call of `load`
 * (DataLoader's idea, without its cache): under load, one query answers many requests, yet every
 * answer is read after its request arrived, so nothing is ever served stale.
 */
export function batchByKey<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  maxBatch = 500,
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let pending: Map<K, Waiter[]> | undefined;

  async function flush(batch: Map<K, Waiter[]>) {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }

  return (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        const batch = new Map<K, Waiter[]>();
        pending = batch;
        setImmediate(() => {
          if (pending === batch) pending = undefined;
          void flush(batch);
        });
      }
      const batch = pending;
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      // A full batch goes now; the next lookup starts another.
      if (batch.size >= maxBatch && pending === batch) pending = undefined;
    });
}
