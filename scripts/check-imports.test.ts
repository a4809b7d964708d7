import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findUpwardImports } from './check-imports.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

describe('import direction', () => {
  it('holds in this repository: web → contract ← server → imaging, nothing upward', () => {
    expect(findUpwardImports(repositoryRoot)).toEqual([]);
  });

  describe('on a made-up repository', () => {
    let root: string;
    afterEach(() => rm(root, { recursive: true, force: true }));

    async function repository(files: Record<string, string>) {
      root = await mkdtemp(path.join(os.tmpdir(), 'check-imports-'));
      for (const [name, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(root, name)), { recursive: true });
        await writeFile(path.join(root, name), text);
      }
    }

    const manifests = {
      'packages/contract/package.json': '{"name":"@lumigen/contract"}',
      'packages/imaging/package.json': '{"name":"@lumigen/imaging"}',
      'apps/server/package.json': '{"name":"@lumigen/server"}',
      'apps/web/package.json': '{"name":"@lumigen/web"}',
    };

    it('allows the downward imports and anything from e2e, bench and scripts', async () => {
      await repository({
        ...manifests,
        'apps/server/src/a.ts': "import { z } from 'zod';\nimport { x } from '@lumigen/contract/x';\nimport { paint } from '@lumigen/imaging/painter';\nimport { y } from './y.ts';",
        'apps/web/src/b.tsx': "import { x } from '@lumigen/contract/x';\nimport './b.css';",
        'packages/imaging/src/c.ts': "import sharp from 'sharp';\nimport { d } from '../d.ts';",
        'e2e/specs/e.ts': "import { app } from '../../apps/server/src/app.ts';\nimport { x } from '@lumigen/web/x';",
        'bench/f.ts': "import { buildApp } from '../apps/server/src/app.ts';",
      });
      expect(findUpwardImports(root)).toEqual([]);
    });

    it('names each upward import: by package name, by relative path, dynamic or re-exported', async () => {
      await repository({
        ...manifests,
        'packages/contract/src/a.ts': "import { app } from '@lumigen/server/app';",
        'packages/imaging/src/b.ts': "export { x } from '../../contract/src/x.ts';",
        'apps/web/src/c.ts': "const server = await import('../../server/src/app.ts');",
        'apps/server/src/d.ts': "import { fixture } from '../../../e2e/fixtures.ts';",
      });
      expect(findUpwardImports(root)).toEqual([
        { file: 'packages/contract/src/a.ts', specifier: '@lumigen/server/app', from: 'packages/contract', to: 'apps/server' },
        { file: 'packages/imaging/src/b.ts', specifier: '../../contract/src/x.ts', from: 'packages/imaging', to: 'packages/contract' },
        { file: 'apps/server/src/d.ts', specifier: '../../../e2e/fixtures.ts', from: 'apps/server', to: 'e2e' },
        { file: 'apps/web/src/c.ts', specifier: '../../server/src/app.ts', from: 'apps/web', to: 'apps/server' },
      ]);
    });

    it('skips a workspace that does not exist yet', async () => {
      await repository({ 'packages/contract/package.json': '{"name":"@lumigen/contract"}', 'apps/server/src/a.ts': "import { x } from '@lumigen/contract/x';" });
      expect(findUpwardImports(root)).toEqual([]);
    });
  });
});
