/**
 * Coalesces lookups into few calls of `load` (DataLoader's idea, without its cache): under load,
 * one query answers many requests, yet every answer is read after its request arrived, so nothing
 * is ever served stale.
 *
 * A batch closes at the end of the event loop turn it began in. With `maxInFlight` loads already
 * running, closed batches wait and later lookups join the last of them until one load returns: the
 * busier the database, the fewer and fuller the queries (each costs a round trip and its own
 * parsing, whatever its size). A lookup waits at most for a load that began before it arrived.
 */
export function batchByKey<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  { maxBatch = 500, maxInFlight = Number.POSITIVE_INFINITY }: { maxBatch?: number; maxInFlight?: number } = {},
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  type Batch = Map<K, Waiter[]>;
  // Batches not yet sent, oldest first; a lookup joins the last one unless it is full.
  const waiting: Batch[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function flush(batch: Batch) {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }

  function send() {
    scheduled = false;
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = waiting.shift()!;
      inFlight += 1;
      void flush(batch).finally(() => {
        inFlight -= 1;
        // Lookups that arrive in this turn still join the batch that goes next.
        schedule();
      });
    }
  }

  function schedule() {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(send);
  }

  return (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      let batch = waiting.at(-1);
      if (!batch || batch.size >= maxBatch) waiting.push((batch = new Map()));
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      schedule();
    });
}
