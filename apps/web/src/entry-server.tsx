import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';

export { prerenderedPaths } from './app/router.tsx';

/** The HTML of one public page as a logged-out visitor sees it, with every lazy part resolved. */
export async function render(url: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // A part that cannot render without a browser would fall back to client rendering with inline
    // scripts our CSP blocks: refuse to build such a page instead.
    // Never split a large page into outlined chunks: their reveal needs inline scripts, which our
    // CSP forbids.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length > 0)
    throw new AggregateError(errors, `prerendering ${url} failed: ${String((errors[0] as Error)?.stack ?? errors[0])}`);
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}
