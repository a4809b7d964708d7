/** Where to go after login: the page the guard came from, else /generate (docs/product.md §4). */
export function returnPath(state: unknown, fallback = '/generate'): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only our own paths: never an absolute URL someone put into the state.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login'
    ? from
    : fallback;
}
