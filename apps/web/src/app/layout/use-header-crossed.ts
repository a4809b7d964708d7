import { useEffect, type RefObject } from 'react';
import { throttle } from '../../lib/throttle.ts';

export const headerCrossedClass = 'header-crossed';
export const headerScrollThrottleMs = 100;

/** docs/product.md §2: the body is marked once the page scrolls past a third of the header's height. */
export function isHeaderCrossed(scrollY: number, headerHeight: number): boolean {
  return scrollY > headerHeight / 3;
}

export function useHeaderCrossed(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const update = throttle(() => {
      const height = header.current?.offsetHeight ?? 0;
      document.body.classList.toggle(headerCrossedClass, isHeaderCrossed(window.scrollY, height));
    }, headerScrollThrottleMs);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      update.cancel();
      document.body.classList.remove(headerCrossedClass);
    };
  }, [header]);
}
