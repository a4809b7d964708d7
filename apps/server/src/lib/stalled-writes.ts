import type { Writable } from 'node:stream';

/**
 * An answer that cannot be replied to (an event stream) is idle when its client stops taking
 * what is written: the socket holds back writes (`writableNeedDrain`) and no `drain` follows.
 * `check`, called on every heartbeat, destroys the answer once that has lasted `idleMs`.
 */
export function stallWatch(answer: Writable, idleMs: number, now: () => number = Date.now) {
  let stalledSince: number | undefined;
  answer.on('drain', () => {
    stalledSince = undefined;
  });
  return {
    check(): void {
      if (!answer.writableNeedDrain) {
        stalledSince = undefined;
        return;
      }
      stalledSince ??= now();
      if (now() - stalledSince >= idleMs) answer.destroy();
    },
  };
}
