import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every stylesheet ends up in one bundle (prerendered pages need all styles up front), so a class
 * block defined in two places silently restyles the other's elements. Each block belongs to one
 * area (a feature, the shared UI, the layout); page stylesheets of one feature may refine its own.
 */
function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

describe('stylesheets', () => {
  it('define each class block in one area only', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const owners = new Map<string, Set<string>>();
    for (const file of cssFiles(root)) {
      const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      // Selectors at the start of a rule: ".block", ".block__element", ".block--modifier".
      for (const match of css.matchAll(/(?:^|[}\n,])\s*\.([a-z][a-z0-9-]*?)(?:__|--|[\s{:.,[>+~]|$)/g)) {
        const block = match[1]!;
        if (!owners.has(block)) owners.set(block, new Set());
        // The area: features/<name>, components/ui, app/layout, styles…
        owners.get(block)!.add(path.relative(root, file).split(path.sep).slice(0, 2).join('/'));
      }
    }
    const shared = [...owners]
      .filter(([, files]) => files.size > 1)
      .map(([block, files]) => `.${block}: ${[...files].join(', ')}`);
    expect(shared).toEqual([]);
  });
});
