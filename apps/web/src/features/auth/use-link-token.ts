import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * The token of a mailed link (`/reset?token=…`, `/verify?token=…`): undefined while the page is
 * prerendered or taken over (the HTML is the same for every address), null when there is none.
 * Once read it leaves the address bar, so it lingers neither in the history nor in a referrer; the
 * router keeps its own copy of the address, so the page goes on reading it.
 */
export function useLinkToken(): string | null | undefined {
  const hydrated = useHydrated();
  const [search] = useSearchParams();
  const token = hydrated ? search.get('token') || null : undefined;
  useEffect(() => {
    if (!token) return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    // The router's own history entry state stays, so Back and Forward still work.
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [token]);
  return token;
}
