import { EventEmitter } from 'node:events';

/**
 * Tells waiters in this process that a job changed (started, progressed, ended), so a waiting
 * brief's call or an event stream reacts at once. A job run by another process changes without
 * a word here: every waiter also looks again after `ms`.
 */
export function createJobBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    changed(jobId: string): void {
      emitter.emit(jobId);
    },

    /** Resolves at the job's next change, after `ms` at the latest, or when `signal` aborts. */
    next(jobId: string, ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          emitter.off(jobId, done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        emitter.on(jobId, done);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
  };
}

export type JobBus = ReturnType<typeof createJobBus>;
