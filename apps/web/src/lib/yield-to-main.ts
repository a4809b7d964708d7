/**
 * Resolves in a later task, so whatever follows runs after the browser has had a chance to paint and
 * answer input. Chrome's `scheduler.yield()` puts the continuation ahead of other queued tasks;
 * elsewhere a message to ourselves does the same as a zero timeout without its 4 ms clamp.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
