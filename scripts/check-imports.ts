/**
 * The repository's import rules (`.dependency-cruiser.cjs`: workspaces, web features, server
 * module faces, lower layers, cycles, zod-free pages; docs/architecture.md §1 and §3), checked by
 * dependency-cruiser. Run: `npm run check:imports`; `npm test` runs it through
 * scripts/check-imports.test.ts. Prints each violation as "file → import: rule" and exits 1.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';

export type ImportViolation = { rule: string; from: string; to: string; via?: string[] };

/** Where the rules look: every workspace, and the drivers that may import anything. */
const areas = ['apps', 'packages', 'e2e', 'bench', 'scripts'];

// Judged on what the browser loads at start-up: type-only imports are erased and import() is the
// point of the rule, so it has a pass of its own over the runtime graph.
const runtimeOnlyRule = 'web-pages-zod-free';

function configOf(root: string): IConfiguration {
  const require = createRequire(path.join(root, 'package.json'));
  return require(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
}

async function violationsOf(root: string, options: ICruiseOptions): Promise<ImportViolation[]> {
  const present = areas.filter((area) => existsSync(path.join(root, area)));
  if (present.length === 0) return [];
  const { output } = await cruise(present, { ...options, baseDir: root, validate: true, outputType: 'json' });
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  return result.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.to,
    ...(violation.cycle ? { via: violation.cycle.map((step) => step.name) } : {}),
    ...(violation.via ? { via: violation.via.map((step) => step.name) } : {}),
  }));
}

/** The config's `exclude` as an object, whichever of its three shapes it takes. */
function excludeOf(exclude: ICruiseOptions['exclude']): { path?: string | string[] } {
  return typeof exclude === 'string' || Array.isArray(exclude) ? { path: exclude } : (exclude ?? {});
}

/** Every import in the tree under `root` that breaks a rule of the root's `.dependency-cruiser.cjs`. */
export async function findImportViolations(root: string): Promise<ImportViolation[]> {
  const { forbidden = [], options = {} } = configOf(root);
  const compileTime = await violationsOf(root, {
    ...options,
    ruleSet: { forbidden: forbidden.filter((rule) => rule.name !== runtimeOnlyRule) },
  });
  const runtimeRules = forbidden.filter((rule) => rule.name === runtimeOnlyRule);
  const runtime =
    runtimeRules.length === 0
      ? []
      : await violationsOf(root, {
          ...options,
          tsPreCompilationDeps: false,
          exclude: { ...excludeOf(options.exclude), dynamic: true },
          ruleSet: { forbidden: runtimeRules },
        });
  return [...compileTime, ...runtime];
}

export function describeViolation({ rule, from, to, via }: ImportViolation): string {
  return `${from} → ${to}: ${rule}${via && via.length > 0 ? ` (via ${via.join(' → ')})` : ''}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const violations = await findImportViolations(root);
  if (violations.length === 0) {
    console.log('imports ok: workspaces, web features and pages, server module faces and layers, no cycle');
  } else {
    for (const violation of violations) console.error(describeViolation(violation));
    process.exitCode = 1;
  }
}
