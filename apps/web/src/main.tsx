// Before any chunk with zod loads (see the module).
import './lib/zod-jitless.ts';
// Global styles first, so feature styles that follow can refine them.
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes, preloadProtectedPage } from './app/router.tsx';
import { getToken } from './lib/api.ts';
import { creditQuery } from './lib/session-api.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// With a session, the balance and a protected page's code are asked for now, while React takes the
// prerendered HTML over, not after: they were a waterfall behind it (docs/architecture.md §5, decision 032).
const queryClient = createQueryClient();
const token = getToken();
if (token) {
  // Each in a task of its own, after this one, already the longest after the first paint.
  setTimeout(() => void queryClient.prefetchQuery(creditQuery(token)), 0);
  setTimeout(() => preloadProtectedPage(window.location.pathname), 0);
}

const app = (
  <StrictMode>
    <AppProviders client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// Public pages arrive prerendered (scripts/prerender.ts): take their HTML over instead of repainting.
// As a transition, React does that work in slices of a few milliseconds and lets the browser answer
// input in between, instead of one long task while the page already shows (docs/architecture.md §5: TBT).
startTransition(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
