import { webMessages } from '@lumigen/contract/web-messages';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify.ts';
import { loadCarriedImage } from '../api/load-carried-image.ts';

/** "Use in…": the image named in the address (`?image=`) is loaded and handed to `onLoad` (a state setter, so it stays the same). */
export function useCarriedImage(onLoad: (file: File) => void) {
  const [search] = useSearchParams();
  const carried = search.get('image');
  useEffect(() => {
    if (!carried) return;
    const controller = new AbortController();
    loadCarriedImage(carried, controller.signal).then(onLoad, (error: Error) => {
      if (!controller.signal.aborted) notify.error(webMessages.carriedImageFailed(error.message));
    });
    return () => controller.abort();
  }, [carried, onLoad]);
}
