import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Building zod schemas is work on the main thread the moment their module loads, and the pages paid
 * for it at start-up: the signed-in pages (decision 032), then every page with a form
 * (~29 ms unthrottled on /login). The generator, the tool pages and every form load zod only when
 * it is needed (a form is checked, a job is followed), through `import()` (forms through
 * `lib/form-resolver.ts`); nothing they import statically may bring it in, the contract modules
 * they read included.
 */
const src = import.meta.dirname;
const contractSrc = path.resolve(src, '../../../packages/contract/src');

/** The modules a file imports statically, as the bundler sees it (type-only imports erased). */
export function staticImports(fileName: string, text: string): string[] {
  const js = ts.transpileModule(text, {
    fileName,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.Preserve, verbatimModuleSyntax: true },
  }).outputText;
  return [...js.matchAll(/^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
}

/** Every package reachable through static imports from `entry`, following our own files. */
function packagesReachedFrom(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file, readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        if (!/\.(css|svg|png|woff2)$/.test(specifier)) visit(path.resolve(path.dirname(file), specifier));
      } else if (specifier.startsWith('@lumigen/contract/')) {
        visit(path.join(contractSrc, `${specifier.slice('@lumigen/contract/'.length)}.ts`));
      } else if (!packages.has(specifier)) {
        packages.set(specifier, path.relative(src, file));
      }
    }
  };
  visit(entry);
  return packages;
}

const zodPackages = (packages: Map<string, string>) => [...packages].filter(([name]) => name === 'zod' || name.startsWith('zod/') || name.endsWith('/zod'));

describe('zod stays out of the pages until it is needed', () => {
  it('sees through type-only imports, follows static ones and skips dynamic ones', () => {
    const text = [
      "import type { A } from 'zod';",
      "import { type B } from 'zod/v4';",
      "export type { C } from './c.ts';",
      "import { d } from './d.ts';",
      "export { e } from '@lumigen/contract/e';",
      "import './f.css';",
      "const g = () => import('./g.ts');",
    ].join('\n');
    expect(staticImports('x.ts', text)).toEqual(['zod/v4', './d.ts', '@lumigen/contract/e', './f.css']);
  });

  it.each([
    ['the app entry', 'main.tsx'],
    ['the generator', 'app/routes/generate.tsx'],
    ['the tool pages', 'app/routes/tools.tsx'],
    ['login', 'app/routes/login.tsx'],
    ['registration', 'app/routes/register.tsx'],
    ['the password reset', 'app/routes/reset.tsx'],
    ['contact', 'app/routes/contact.tsx'],
    ['the newsletter page', 'app/routes/newsletter.tsx'],
    ['the home page', 'app/routes/home.tsx'],
    ['the profile', 'app/routes/profile.tsx'],
    // Loaded once the newsletter form nears the viewport, on the home page among others.
    ['the subscribe form', 'features/marketing/newsletter/subscribe-form.tsx'],
  ])('%s: no zod among its static imports', (_name, entry) => {
    const packages = packagesReachedFrom(path.join(src, entry));
    // The walk reaches the pages' own libraries, so it is following the imports at all.
    expect(packages.has('react')).toBe(true);
    expect(zodPackages(packages)).toEqual([]);
  });
});
