import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Links such as /faq#billing arrive here after the layout has scrolled to the top (docs/product.md §2), so
 * the target is brought into view one frame later, once the page has rendered.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      target?.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
