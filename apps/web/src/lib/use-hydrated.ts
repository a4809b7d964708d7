import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => undefined;

/**
 * False in prerendered HTML and in the browser's first pass over it, true from then on (and at
 * once on a page the browser draws itself). What only the browser knows — storage, the address's
 * query — waits for it, so taking over the prerendered HTML draws exactly that HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
