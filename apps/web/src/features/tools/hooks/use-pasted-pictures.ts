import { useEffect } from 'react';

/** Pictures pasted anywhere on the page go to `onPaste`, unless `accepting` is false. */
export function usePastedPictures(accepting: boolean, onPaste: (pasted: File[]) => void) {
  // Subscribed anew each render, so the handler sees the page as it is now.
  useEffect(() => {
    const listener = (event: ClipboardEvent) => {
      const pasted = Array.from(event.clipboardData?.files ?? []).filter((pastedFile) =>
        pastedFile.type.startsWith('image/'),
      );
      if (pasted.length === 0 || !accepting) return;
      event.preventDefault();
      onPaste(pasted);
    };
    document.addEventListener('paste', listener);
    return () => document.removeEventListener('paste', listener);
  });
}
