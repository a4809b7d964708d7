/**
 * Calls `fn` at most once per `ms`: at once on the first call, then once more at the end of the
 * window if anything was called during it, so the last state is never missed.
 */
export function throttle(fn: () => void, ms: number): (() => void) & { cancel(): void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const throttled = () => {
    const now = Date.now();
    const wait = last + ms - now;
    if (wait <= 0) {
      last = now;
      fn();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, wait);
    }
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
