import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { AuthProvider } from '../lib/session.tsx';
import { preloadVerificationNotice, ProtectedPage } from './layout/protected-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { protectedHeroes, type ProtectedPath } from './layout/protected-heroes.ts';
import { publicPaths } from './public-paths.ts';
import { editingTools } from '../lib/tool-catalogue.ts';

/**
 * Each route is its own chunk. Declarative routes (not the data router) keep React Router's share
 * of the landing page's first load at about half (docs/architecture.md §5: <= 120 kB gzip).
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { preload: () => void load().catch(() => undefined) },
  );
}
type Page = ReturnType<typeof page>;

const tools = () => import('./routes/tools.tsx');
const Home = page(() => import('./routes/home.tsx'), 'HomeRoute');
const Pricing = page(() => import('./routes/pricing.tsx'), 'PricingRoute');
const Featured = page(() => import('./routes/featured.tsx'), 'FeaturedRoute');
const About = page(() => import('./routes/about.tsx'), 'AboutRoute');
const Developers = page(() => import('./routes/developers.tsx'), 'DevelopersRoute');
const UseCases = page(() => import('./routes/use-cases.tsx'), 'UseCasesRoute');
const Copywrite = page(() => import('./routes/copywrite.tsx'), 'CopywriteRoute');
const Faq = page(() => import('./routes/faq.tsx'), 'FaqRoute');
const PrivacyPolicy = page(() => import('./routes/privacy-policy.tsx'), 'PrivacyPolicyRoute');
const TermsService = page(() => import('./routes/terms-service.tsx'), 'TermsServiceRoute');
const Contact = page(() => import('./routes/contact.tsx'), 'ContactRoute');
const Newsletter = page(() => import('./routes/newsletter.tsx'), 'NewsletterRoute');
const Login = page(() => import('./routes/login.tsx'), 'LoginRoute');
const Register = page(() => import('./routes/register.tsx'), 'RegisterRoute');
const Reset = page(() => import('./routes/reset.tsx'), 'ResetRoute');
const Verify = page(() => import('./routes/verify.tsx'), 'VerifyRoute');
const Loading = page(() => import('./routes/loading.tsx'), 'LoadingRoute');
const Generate = page(() => import('./routes/generate.tsx'), 'GenerateRoute');
const EditWithWords = page(() => import('./routes/edit-with-words.tsx'), 'EditWithWordsRoute');
const Profile = page(() => import('./routes/profile.tsx'), 'ProfileRoute');
const Checkout = page(() => import('./routes/checkout.tsx'), 'CheckoutRoute');
const CheckoutComplete = page(() => import('./routes/checkout-complete.tsx'), 'CheckoutCompleteRoute');
const NotFound = page(() => import('./routes/not-found.tsx'), 'NotFoundRoute');
const Admin = page(() => import('./routes/admin.tsx'), 'AdminRoute');
const BackgroundTest = page(tools, 'BackgroundTestRoute');
const EditingTool = page(tools, 'EditingToolRoute');

/**
 * docs/product.md §2's protected routes; without a token each sends the visitor to /login. The
 * generator and the tools ask an unconfirmed user to confirm the address (/profile does it itself).
 */
const protectedRoutes: Array<[ProtectedPath, Page, { verificationNotice?: boolean }?]> = [
  ['/generate', Generate, { verificationNotice: true }],
  ['/edit-with-words', EditWithWords, { verificationNotice: true }],
  // Every editing tool of the catalogue, each on its own route, one page component for all.
  ...editingTools.map((tool): [ProtectedPath, Page, { verificationNotice?: boolean }] => [
    tool.route,
    EditingTool,
    { verificationNotice: true },
  ]),
  ['/profile', Profile],
  ['/checkout', Checkout],
  ['/checkout/complete', CheckoutComplete],
];

/**
 * Imports a protected page's code (and its verification notice's) at once, for a visitor with a
 * session: React asks for it only once the session is known, after it has taken the page over, so
 * the code arrived a second or more after the HTML on Lighthouse's mobile run (decision 032).
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
          <Route path="/" element={<Home />} />
          <Route path="/pricing" element={<Pricing />} />
          <Route path="/featured" element={<Featured />} />
          <Route path="/about" element={<About />} />
          <Route path="/use-cases" element={<UseCases />} />
          <Route path="/developers" element={<Developers />} />
          <Route path="/copywrite" element={<Copywrite />} />
          <Route path="/faq" element={<Faq />} />
          <Route path="/privacy-policy" element={<PrivacyPolicy />} />
          <Route path="/terms-service" element={<TermsService />} />
          <Route path="/contact" element={<Contact />} />
          <Route path="/newsletter" element={<Newsletter />} />
          <Route path="/login" element={<Login />} />
          <Route path="/register" element={<Register />} />
          <Route path="/reset" element={<Reset />} />
          <Route path="/verify" element={<Verify />} />
          <Route path="/test" element={<BackgroundTest />} />
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
          {/* The operator's console: its own sections, and the not-found page for anyone but an admin. */}
          <Route path="/admin/*" element={<Admin />} />
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
export const prerenderedPaths = [...publicPaths, ...protectedRoutes.map(([path]) => path)];
