import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true once the element comes within `rootMargin` of the viewport, and stays true.
 * Used to fetch below-the-fold code only when the visitor scrolls towards it, keeping it out of
 * the landing page's first load. Without IntersectionObserver it turns true once mounted. It
 * starts false everywhere, so prerendered HTML and the first client render agree.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '600px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, rootMargin]);
  return near;
}
