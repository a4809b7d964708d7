/**
 * The public pages the build prerenders, in a module without React so that the e2e specs can
 * visit the same list.
 */
export const publicPaths = [
  '/',
  '/pricing',
  '/featured',
  '/about',
  '/use-cases',
  '/developers',
  '/copywrite',
  '/faq',
  '/privacy-policy',
  '/terms-service',
  '/contact',
  '/newsletter',
  '/login',
  '/register',
  '/reset',
  '/verify',
  '/test',
];
