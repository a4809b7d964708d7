import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers: shared code (`components`, `lib`, `styles`, the `test` harness) → features → app. A feature
 * never imports another feature, and shared code imports neither features nor the app, so a page
 * can be read, moved or deleted with its feature folder alone.
 */
const src = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative module a file names: static and dynamic imports, re-exports, CSS imports, vi.mock. */
export function relativeImports(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(?\s*|vi\.mock\(\s*|@import\s+)(['"])(\.{1,2}\/[^'"]+)\1/g)].map((match) => match[2]!);
  return specifiers.map((specifier) => path.relative(src, path.resolve(path.dirname(file), specifier)));
}

/** `features/<name>` for a path inside a feature, else the top folder (`app`, `lib`, `components`…). */
function areaOf(relativePath: string): string {
  const [top, second] = relativePath.split(path.sep);
  return top === 'features' ? `features/${second}` : top!;
}

const shared = new Set(['components', 'lib', 'styles', 'test']);

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = path.relative(src, file);
    const fromArea = areaOf(from);
    for (const target of relativeImports(file, readFileSync(file, 'utf8'))) {
      const toArea = areaOf(target);
      const featureToFeature = fromArea.startsWith('features/') && toArea.startsWith('features/') && toArea !== fromArea;
      const upward = (shared.has(fromArea) && (toArea.startsWith('features/') || toArea === 'app')) || (fromArea.startsWith('features/') && toArea === 'app');
      if (featureToFeature || upward) found.push(`${from} imports ${target}`);
    }
  }
  return found;
}

describe('import direction in apps/web/src', () => {
  it('finds the imports it must judge', () => {
    const file = path.join(src, 'features', 'a', 'page.tsx');
    const text = "import { x } from '../b/x.ts';\nimport './page.css';\nconst Lazy = lazy(() => import('../../lib/y.ts'));\nvi.mock('../../app/z.ts');";
    expect(relativeImports(file, text)).toEqual(['features/b/x.ts', 'features/a/page.css', 'lib/y.ts', 'app/z.ts'].map((p) => p.split('/').join(path.sep)));
  });

  it('no feature imports another feature, and shared code imports neither features nor the app', () => {
    expect(violations()).toEqual([]);
  });
});
