import { useEffect, useRef, useState } from 'react';
import { apiGetBlob } from '../../../lib/api.ts';

/**
 * A job's preview as an address an <img> can show: previews are private, so the bytes are read
 * with the token. The last one read stays while the next loads, and when the next is gone (the
 * job ended meanwhile); each address is released once it is replaced or the page moves on.
 */
export function usePreviewUrl(path: string | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  const shown = useRef<string>(undefined);

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    apiGetBlob(path, { signal: controller.signal })
      .then((blob) => {
        if (controller.signal.aborted) return;
        const next = URL.createObjectURL(blob);
        if (shown.current) URL.revokeObjectURL(shown.current);
        shown.current = next;
        setUrl(next);
      })
      // A preview is a courtesy: one that cannot be read leaves the last one (or the spinner).
      .catch(() => undefined);
    return () => controller.abort();
  }, [path]);

  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );

  return url;
}
