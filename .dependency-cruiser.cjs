/**
 * The import rules of the whole repository (docs/architecture.md §1 and §3), checked by
 * `npm run check:imports` (scripts/check-imports.ts), which `npm test` runs through
 * scripts/check-imports.test.ts. Every rule's name is what a violation is reported under.
 */

// e2e, bench and scripts drive the whole product: they may import anything, but nothing imports them.
const drivers = '^(e2e|bench|scripts)/';
const server = '^apps/server/src/';
const serverModule = `${server}modules/`;
const testFile = '\\.test\\.tsx?$';

/** The pages that must not load zod at start-up (docs/decisions/032): they load it through import() when a form needs it. */
const zodFreePages = [
  'main.tsx',
  'app/routes/generate.tsx',
  'app/routes/tools.tsx',
  'app/routes/login.tsx',
  'app/routes/register.tsx',
  'app/routes/reset.tsx',
  'app/routes/contact.tsx',
  'app/routes/newsletter.tsx',
  'app/routes/home.tsx',
  'app/routes/profile.tsx',
  // Loaded once the newsletter form nears the viewport, on the home page among others.
  'features/marketing/newsletter/subscribe-form.tsx',
];

/** @type {import('dependency-cruiser').IConfiguration['forbidden']} */
const forbidden = [
  // Workspaces: web → contract ← server → imaging; contract and imaging import nothing of ours.
  {
    name: 'workspace-direction',
    comment: 'packages/contract imports nothing of ours',
    severity: 'error',
    from: { path: '^packages/contract/' },
    to: { path: ['^apps/', '^packages/imaging/', drivers] },
  },
  {
    name: 'workspace-direction',
    comment: 'packages/imaging imports nothing of ours',
    severity: 'error',
    from: { path: '^packages/imaging/' },
    to: { path: ['^apps/', '^packages/contract/', drivers] },
  },
  {
    name: 'workspace-direction',
    comment: 'apps/server may import packages/contract and packages/imaging',
    severity: 'error',
    from: { path: '^apps/server/' },
    to: { path: ['^apps/web/', drivers] },
  },
  {
    name: 'workspace-direction',
    comment: 'apps/web may import packages/contract',
    severity: 'error',
    from: { path: '^apps/web/' },
    to: { path: ['^apps/server/', '^packages/imaging/', drivers] },
  },

  // The web app: shared code (components, lib, styles) → features → app; a feature never imports another.
  {
    name: 'web-feature-isolation',
    comment: 'a web feature never imports another feature: a page is read, moved or deleted with its folder alone',
    severity: 'error',
    from: { path: '^apps/web/src/features/([^/]+)/' },
    to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
  },
  {
    name: 'web-layers',
    comment: 'shared web code imports neither features nor the app; features do not import the app',
    severity: 'error',
    from: { path: '^apps/web/src/(components|lib|styles)/' },
    to: { path: '^apps/web/src/(features|app)/' },
  },
  {
    name: 'web-layers',
    comment: 'features do not import the app',
    severity: 'error',
    from: { path: '^apps/web/src/features/' },
    to: { path: '^apps/web/src/app/' },
  },
  {
    name: 'web-pages-zod-free',
    comment: 'these pages load zod only through import(), never through a static import (checked on the runtime graph)',
    severity: 'error',
    from: { path: `^apps/web/src/(${zodFreePages.map((page) => page.replaceAll('.', '\\.')).join('|')})$` },
    to: { path: '(^|/)node_modules/zod/', reachable: true },
  },

  // Server modules: others use a module through its face (index.ts) only; a module's own files and tests use anything of it.
  {
    name: 'server-module-face',
    comment: 'another module is imported through its index.ts only',
    severity: 'error',
    from: { path: `${serverModule}([^/]+)/` },
    to: { path: serverModule, pathNot: [`${serverModule}$1/`, `${serverModule}[^/]+/index\\.ts$`] },
  },
  {
    name: 'server-module-face',
    comment: 'code outside the modules imports a module through its index.ts only',
    severity: 'error',
    from: { path: server, pathNot: serverModule },
    to: { path: serverModule, pathNot: `${serverModule}[^/]+/index\\.ts$` },
  },
  {
    name: 'server-lower-layers',
    comment: 'lib and db sit under the modules and plugins and never import them',
    severity: 'error',
    from: { path: `${server}(lib|db)/`, pathNot: testFile },
    to: { path: `${server}(modules|plugins)/` },
  },
  {
    name: 'no-cycle',
    comment:
      'no import cycle, types included: a module (or file) is understood before whatever it imports returns to it',
    severity: 'error',
    from: { path: '^apps/' },
    to: { circular: true },
  },
  {
    name: 'no-cycle',
    comment:
      "the packages' runtime has no cycle; a contract module re-exports the types of its *-schemas.ts twin (decision 032)",
    severity: 'error',
    from: { path: '^packages/' },
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(dist|build|coverage|reports)/'] },
    // Type-only imports count: a module's face and the absence of cycles hold for types too.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
