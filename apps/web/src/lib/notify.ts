/**
 * Toasts without react-toastify in the first load: the library loads when the browser is idle or
 * on the first toast, whichever comes first; `<Toasts />` mounts the container then.
 */
type Kind = 'success' | 'error' | 'info';

let library: Promise<typeof import('react-toastify')> | undefined;
const waiting = new Set<() => void>();

export function loadToasts() {
  if (!library) {
    library = import('react-toastify');
    for (const listener of waiting) listener();
  }
  return library;
}

/** Called once the library starts loading (at once if it already has). */
export function onToastsLoading(listener: () => void): () => void {
  if (library) listener();
  waiting.add(listener);
  return () => waiting.delete(listener);
}

function show(kind: Kind, message: string, options: { toastId?: string } = {}) {
  void loadToasts().then(({ toast }) => toast[kind](message, options));
}

export const notify = {
  success: (message: string, options?: { toastId?: string }) => show('success', message, options),
  error: (message: string, options?: { toastId?: string }) => show('error', message, options),
  info: (message: string, options?: { toastId?: string }) => show('info', message, options),
  /** Closes every toast on screen (an earlier attempt's error once the next one succeeded). */
  dismissAll: () => {
    if (library) void library.then(({ toast }) => toast.dismiss());
  },
};
