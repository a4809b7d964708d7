/**
 * Fails when a workspace imports "upward" (docs/architecture.md §1): web → contract ← server →
 * imaging, and contract and imaging import nothing of ours. e2e, bench and scripts drive the whole
 * product and may import anything. Run: `npx tsx scripts/check-imports.ts` (also a test in
 * `npm test`, scripts/check-imports.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Each restricted workspace and what it may import besides itself. A folder not here may import anything. */
export const allowedImports: Record<string, readonly string[]> = {
  'packages/contract': [],
  'packages/imaging': [],
  'apps/server': ['packages/contract', 'packages/imaging'],
  'apps/web': ['packages/contract'],
};

/** Every folder an import can land in; e2e, bench and scripts are free to import, but not to be imported. */
export const areas = [...Object.keys(allowedImports), 'e2e', 'bench', 'scripts'];

export type UpwardImport = { file: string; specifier: string; from: string; to: string };

const sourceFile = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const skippedFolders = new Set(['node_modules', 'dist', 'build', 'coverage', 'reports']);

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skippedFolders.has(entry.name)) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The area (relative folder) a path lies in, or 'the repository root' for anything else. */
function areaOf(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return areas.find((area) => relative === area || relative.startsWith(`${area}/`)) ?? 'the repository root';
}

/** Workspace package names ("@lumigen/contract") → their folders, read from each package.json present. */
function packageFolders(root: string): Map<string, string> {
  const folders = new Map<string, string>();
  for (const area of areas) {
    const manifest = path.join(root, area, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
    if (name) folders.set(name, area);
  }
  return folders;
}

/** Where an import specifier leads, as an area; undefined for third-party packages and Node built-ins. */
function targetOf(root: string, file: string, specifier: string, packages: Map<string, string>): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return areaOf(root, path.resolve(path.dirname(file), specifier));
  for (const [name, area] of packages) if (specifier === name || specifier.startsWith(`${name}/`)) return area;
  // Our scope, but no package of that name (yet): still an import of ours, named by its scope.
  if (specifier.startsWith('@lumigen/')) return specifier.split('/').slice(0, 2).join('/');
  return undefined;
}

/** Every import in a restricted workspace that its rule does not allow. Workspaces that do not exist yet are skipped. */
export function findUpwardImports(root: string): UpwardImport[] {
  const packages = packageFolders(root);
  const found: UpwardImport[] = [];
  for (const [from, allowed] of Object.entries(allowedImports)) {
    const folder = path.join(root, from);
    if (!existsSync(folder)) continue;
    for (const file of sourceFiles(folder)) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName: specifier } of importedFiles) {
        const to = targetOf(root, file, specifier, packages);
        if (to === undefined || to === from || allowed.includes(to)) continue;
        found.push({ file: path.relative(root, file).split(path.sep).join('/'), specifier, from, to });
      }
    }
  }
  return found;
}

export function describeRule(from: string): string {
  const allowed = allowedImports[from] ?? [];
  return `${from} may import ${allowed.length === 0 ? 'nothing of ours' : allowed.join(' and ')}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const upward = findUpwardImports(root);
  if (upward.length === 0) {
    console.log(`imports ok: ${Object.keys(allowedImports).map(describeRule).join('; ')}`);
  } else {
    for (const { file, specifier, from, to } of upward) console.error(`${file}: imports '${specifier}' (${to}), but ${describeRule(from)}`);
    process.exitCode = 1;
  }
}
