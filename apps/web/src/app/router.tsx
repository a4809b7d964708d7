import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { AuthProvider } from '../lib/session.tsx';
import { preloadVerificationNotice, ProtectedPage } from './layout/protected-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { protectedHeroes, type ProtectedPath } from './layout/protected-heroes.ts';

/**
 * Each route is its own chunk. Declarative routes (not the data router) keep React Router's share
 * of the landing page's first load at about half (docs/architecture.md §5: <= 120 kB gzip). One glob
 * names them, so each page knows its module's path: the build reads it to list a protected page's
 * chunks in its prerendered HTML (`protectedPageModules` below, decision 044).
 */
const routeModules = import.meta.glob<Record<string, unknown>>('./routes/*.tsx');

function page(file: string, name: string) {
  const load = routeModules[`./routes/${file}`];
  if (!load) throw new Error(`router.tsx: no route module ./routes/${file}`);
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { preload: () => void load().catch(() => undefined), module: `src/app/routes/${file}` },
  );
}
type Page = ReturnType<typeof page>;

/** docs/product.md §2's public pages, each prerendered (scripts/prerender.ts). */
const publicRoutes: Array<[string, Page]> = [
  ['/', page('home.tsx', 'HomeRoute')],
  ['/pricing', page('pricing.tsx', 'PricingRoute')],
  ['/featured', page('featured.tsx', 'FeaturedRoute')],
  ['/about', page('about.tsx', 'AboutRoute')],
  ['/use-cases', page('use-cases.tsx', 'UseCasesRoute')],
  ['/developers', page('developers.tsx', 'DevelopersRoute')],
  ['/copywrite', page('copywrite.tsx', 'CopywriteRoute')],
  ['/faq', page('faq.tsx', 'FaqRoute')],
  ['/privacy-policy', page('privacy-policy.tsx', 'PrivacyPolicyRoute')],
  ['/terms-service', page('terms-service.tsx', 'TermsServiceRoute')],
  ['/contact', page('contact.tsx', 'ContactRoute')],
  ['/newsletter', page('newsletter.tsx', 'NewsletterRoute')],
  ['/login', page('login.tsx', 'LoginRoute')],
  ['/register', page('register.tsx', 'RegisterRoute')],
  ['/reset', page('reset.tsx', 'ResetRoute')],
  ['/verify', page('verify.tsx', 'VerifyRoute')],
  ['/test', page('tools.tsx', 'BackgroundTestRoute')],
];
const Loading = page('loading.tsx', 'LoadingRoute');
const NotFound = page('not-found.tsx', 'NotFoundRoute');

/**
 * docs/product.md §2's protected routes; without a token each sends the visitor to /login. The
 * generator and the tools ask an unconfirmed user to confirm the address (/profile does it itself).
 */
const protectedRoutes: Array<[ProtectedPath, Page, { verificationNotice?: boolean }?]> = [
  ['/generate', page('generate.tsx', 'GenerateRoute'), { verificationNotice: true }],
  ['/removebg', page('tools.tsx', 'RemoveBackgroundRoute'), { verificationNotice: true }],
  ['/removetxt', page('tools.tsx', 'RemoveTextRoute'), { verificationNotice: true }],
  ['/editimage', page('tools.tsx', 'PhotographyRoute'), { verificationNotice: true }],
  ['/variant', page('tools.tsx', 'VariantRoute'), { verificationNotice: true }],
  ['/addbg', page('tools.tsx', 'ReplaceBackgroundRoute'), { verificationNotice: true }],
  ['/upscale', page('tools.tsx', 'UpscaleRoute'), { verificationNotice: true }],
  ['/uncrop', page('tools.tsx', 'UncropRoute'), { verificationNotice: true }],
  ['/cleanup', page('tools.tsx', 'CleanupRoute'), { verificationNotice: true }],
  ['/profile', page('profile.tsx', 'ProfileRoute')],
  ['/checkout', page('checkout.tsx', 'CheckoutRoute')],
];

/**
 * The source modules of each protected page's code (its route and, on the tools, the verification
 * notice), as the build's manifest names them. The page's prerendered HTML lists their chunks as
 * `modulepreload` links (scripts/prerender.ts, decision 044), so a signed-in visitor's browser
 * fetches them beside the main bundle; the build fails if one is not a chunk that `import()` loads.
 * Public pages list none: fetched before the first paint, their chunks delayed it on Lighthouse's
 * simulated network more than Vite's helper costs after it (decision 045).
 */
const verificationNoticeModule = 'src/features/auth/components/verification-notice.tsx';
export const protectedPageModules: Record<string, string[]> = Object.fromEntries(
  protectedRoutes.map(([path, Page, options]) => [path, options?.verificationNotice ? [Page.module, verificationNoticeModule] : [Page.module]]),
);

/**
 * Imports a protected page's code (and its verification notice's) at once, for a visitor with a
 * session: React asks for it only once the session is known, after it has taken the page over, so
 * the code arrived a second or more after the HTML on Lighthouse's mobile run (decision 032). The
 * prerendered HTML already fetches the chunks (decision 044); this runs them as they arrive.
 */
export function preloadProtectedPage(pathname: string): void {
  const route = protectedRoutes.find(([path]) => path === pathname);
  if (!route) return;
  route[1].preload();
  if (route[2]?.verificationNotice) preloadVerificationNotice();
}

/** The routes without a router around them: the browser uses BrowserRouter, prerendering StaticRouter. */
export function AppRoutes() {
  return (
      <AuthProvider>
        <Routes>
          <Route
            path="/loading"
            element={
              <Suspense fallback={null}>
                <Loading />
              </Suspense>
            }
          />
          <Route element={<RootLayout />}>
            {publicRoutes.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {protectedRoutes.map(([path, Page, options]) => (
              <Route
                key={path}
                path={path}
                element={
                  <ProtectedPage hero={protectedHeroes[path]} verificationNotice={options?.verificationNotice}>
                    <Page />
                  </ProtectedPage>
                }
              />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </AuthProvider>
  );
}

/**
 * Pages whose HTML is rendered at build time (scripts/prerender.ts), for a fast first paint: each
 * public page, and each protected page as its pending view (the same for every visitor).
 */
export const prerenderedPaths = [...publicRoutes, ...protectedRoutes].map(([path]) => path);
