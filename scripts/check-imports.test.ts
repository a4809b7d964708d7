import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportViolations } from './check-imports.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
// A cruise of the whole repository reads some 800 files; on a busy two-core machine, tens of seconds.
const cruiseTimeout = 180_000;

describe('import rules', () => {
  it('hold in this repository', { timeout: cruiseTimeout }, async () => {
    expect(await findImportViolations(repositoryRoot)).toEqual([]);
  });

  describe('on a made-up repository with the same rules', () => {
    let root: string;
    afterEach(() => rm(root, { recursive: true, force: true }));

    async function repository(files: Record<string, string>) {
      root = await mkdtemp(path.join(os.tmpdir(), 'check-imports-'));
      await copyFile(path.join(repositoryRoot, '.dependency-cruiser.cjs'), path.join(root, '.dependency-cruiser.cjs'));
      for (const [name, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(root, name)), { recursive: true });
        await writeFile(path.join(root, name), text);
      }
    }

    /** The rule each violation is reported under, with the import that broke it. */
    const reported = async () =>
      (await findImportViolations(root)).map(({ rule, from, to }) => `${rule}: ${from} → ${to}`).sort();

    it('allows what the layout allows', { timeout: cruiseTimeout }, async () => {
      await repository({
        'package.json': '{"name":"made-up","private":true}',
        'packages/contract/src/x.ts': 'export const x = 1;',
        'packages/imaging/src/painter.ts': 'export const paint = 1;',
        'apps/server/src/app.ts':
          "import { x } from '../../../packages/contract/src/x.ts';\nimport { paint } from '../../../packages/imaging/src/painter.ts';\nimport { m } from './modules/m/index.ts';\nexport const app = [x, paint, m];",
        'apps/server/src/modules/m/index.ts': "export { m } from './m.service.ts';",
        'apps/server/src/modules/m/m.service.ts':
          "import { n } from '../n/index.ts';\nimport { id } from '../../lib/id.ts';\nexport const m = [n, id];",
        'apps/server/src/modules/m/m.service.test.ts': "import { m } from './m.service.ts';\nexport const t = m;",
        'apps/server/src/modules/n/index.ts': "export { n } from './n.repository.ts';",
        'apps/server/src/modules/n/n.repository.ts': 'export const n = 1;',
        'apps/server/src/lib/id.ts': 'export const id = 1;',
        'apps/web/src/lib/api.ts': "import { x } from '../../../../packages/contract/src/x.ts';\nexport const api = x;",
        'apps/web/src/features/a/page.tsx':
          "import { api } from '../../lib/api.ts';\nimport { own } from './own.ts';\nexport const page = [api, own];",
        'apps/web/src/features/a/own.ts': 'export const own = 1;',
        // zod through import() and a type-only import: neither loads it at start-up
        'apps/web/src/main.tsx':
          "import { page } from './features/a/page.tsx';\nimport type { Z } from 'zod';\nexport const main: Z = page;\nexport const later = () => import('zod');",
        'node_modules/zod/package.json': '{"name":"zod","main":"index.js"}',
        'node_modules/zod/index.js': 'export const z = 1;',
        'e2e/spec.ts': "import { app } from '../apps/server/src/app.ts';\nexport const s = app;",
      });
      expect(await reported()).toEqual([]);
    });

    it('reports each kind of violation under its rule', { timeout: cruiseTimeout }, async () => {
      await repository({
        'package.json': '{"name":"made-up","private":true}',
        // workspace: the contract imports the server
        'packages/contract/src/x.ts': "import { app } from '../../../apps/server/src/app.ts';\nexport const x = app;",
        'apps/server/src/app.ts': 'export const app = 1;',
        // feature: one web feature imports another
        'apps/web/src/features/a/page.tsx': "import { b } from '../b/b.ts';\nexport const page = b;",
        'apps/web/src/features/b/b.ts': 'export const b = 1;',
        // module face: a module reaches past another's index.ts
        'apps/server/src/modules/m/index.ts': "export { m } from './m.service.ts';",
        'apps/server/src/modules/m/m.service.ts': "import { n } from '../n/n.repository.ts';\nexport const m = n;",
        'apps/server/src/modules/n/index.ts': "export { n } from './n.repository.ts';",
        'apps/server/src/modules/n/n.repository.ts': 'export const n = 1;',
        // cycle: two files import each other (reported once)
        'apps/server/src/lib/p.ts': "import { q } from './q.ts';\nexport const p = () => q;",
        'apps/server/src/lib/q.ts': "import { p } from './p.ts';\nexport const q = () => p;",
        // lower layer: db imports a module
        'apps/server/src/db/client.ts': "import { m } from '../modules/m/index.ts';\nexport const client = m;",
        // zod-free page: a page imports zod statically
        'apps/web/src/main.tsx': "import { z } from 'zod';\nexport const main = z;",
        'node_modules/zod/package.json': '{"name":"zod","main":"index.js"}',
        'node_modules/zod/index.js': 'export const z = 1;',
      });
      expect(await reported()).toEqual([
        'no-cycle: apps/server/src/lib/p.ts → apps/server/src/lib/q.ts',
        'server-lower-layers: apps/server/src/db/client.ts → apps/server/src/modules/m/index.ts',
        'server-module-face: apps/server/src/modules/m/m.service.ts → apps/server/src/modules/n/n.repository.ts',
        'web-feature-isolation: apps/web/src/features/a/page.tsx → apps/web/src/features/b/b.ts',
        'web-pages-zod-free: apps/web/src/main.tsx → node_modules/zod/index.js',
        'workspace-direction: packages/contract/src/x.ts → apps/server/src/app.ts',
      ]);
    });
  });
});
