import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** `token` from a fragment (`#token=…`, what mailed links carry) or, for links mailed before that, the query. */
function tokenIn(hash: string, search: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || new URLSearchParams(search).get('token') || null;
}

/**
 * The token of a mailed link (`/reset#token=…`, `/verify#token=…`): undefined while the page is
 * prerendered or taken over (the HTML is the same for every address), null when there is none.
 * The link carries it in the fragment, which the browser never sends, so no server or proxy logs
 * it; the page posts it in a body. Once read it leaves the address bar, so it lingers neither in
 * the history nor in a referrer; the router keeps its own copy of the address, so the page goes on
 * reading it.
 */
export function useLinkToken(): string | null | undefined {
  const hydrated = useHydrated();
  const { hash, search } = useLocation();
  const token = hydrated ? tokenIn(hash, search) : undefined;
  useEffect(() => {
    if (!token) return;
    const url = new URL(window.location.href);
    const fragment = new URLSearchParams(url.hash.slice(1));
    if (!url.searchParams.has('token') && !fragment.has('token')) return;
    url.searchParams.delete('token');
    fragment.delete('token');
    const rest = fragment.toString();
    // The router's own history entry state stays, so Back and Forward still work.
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${rest ? `#${rest}` : ''}`);
  }, [token]);
  return token;
}
