// Before any chunk with zod loads (see the module).
import './lib/zod-jitless.ts';
// Global styles first, so feature styles that follow can refine them.
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders>
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
