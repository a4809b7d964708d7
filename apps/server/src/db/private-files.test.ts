import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFileImageStore } from '../modules/images/index.ts';
import { backupDatabase } from './backup.ts';
import { openDatabase } from './client.ts';

const synced: Array<{ dir: string; entries: string[] }> = [];
vi.mock('../lib/sync-directory.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../lib/sync-directory.ts')>();
  const { readdir } = await import('node:fs/promises');
  return {
    // What the directory held when it was synced: the renamed file must be in it by then.
    syncDirectory: async (dir: string) => {
      synced.push({ dir, entries: await readdir(dir) });
      await original.syncDirectory(dir);
    },
  };
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

/** What other users of the machine can read: nothing under DATA_DIR. */
describe('private files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-private-'));
    synced.length = 0;
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores image and input files 0600, and syncs their directory after the rename', async () => {
    const store = createFileImageStore(path.join(dir, 'images'));
    await store.put('a.png', Buffer.from('bytes'));
    const spilled = path.join(dir, 'upload.bin');
    await writeFile(spilled, 'uploaded', { mode: 0o644 });
    await store.putFile('b.png', spilled);
    const stored = (await readdir(path.join(dir, 'images'), { recursive: true })).map((entry) =>
      path.join(dir, 'images', entry),
    );
    for (const key of ['a.png', 'b.png']) {
      const file = stored.find((entry) => path.basename(entry) === key)!;
      expect(await modeOf(file), key).toBe(0o600);
      expect(synced).toContainEqual({ dir: path.dirname(file), entries: expect.arrayContaining([key]) });
    }
  });

  it('makes DATA_DIR 0700 when the embedded database opens it', async () => {
    const dataDir = path.join(dir, 'data');
    await mkdir(dataDir, { mode: 0o755 });
    await chmod(dataDir, 0o755);
    const database = await openDatabase({ dataDir });
    try {
      expect(await modeOf(dataDir)).toBe(0o700);
    } finally {
      await database.close();
    }
  });

  it('writes an embedded backup 0600', async () => {
    const dataDir = path.join(dir, 'data');
    const file = await backupDatabase({ dataDir });
    expect(await modeOf(file)).toBe(0o600);
  }, 120_000);

  it('gives pg_dump the credentials in its environment, never in its argv, and keeps its file 0600', async () => {
    // A pg_dump that writes down what it was given and makes its --file.
    const bin = path.join(dir, 'bin');
    await mkdir(bin);
    await writeFile(
      path.join(bin, 'pg_dump'),
      `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/argv"\nenv > "${dir}/env"\nfor a in "$@"; do case "$a" in --file=*) : > "\${a#--file=}";; esac; done\n`,
      { mode: 0o755 },
    );
    vi.stubEnv('PATH', `${bin}:${process.env.PATH}`);
    try {
      const file = await backupDatabase({
        databaseUrl: 'postgres://lumigen:s3cret-pass@db.internal:6543/studio?sslmode=require',
        dataDir: path.join(dir, 'data'),
      });
      const argv = await readFile(path.join(dir, 'argv'), 'utf8');
      expect(argv).not.toContain('s3cret-pass');
      expect(argv).not.toContain('postgres://');
      const env = (await readFile(path.join(dir, 'env'), 'utf8')).split('\n');
      expect(env).toEqual(
        expect.arrayContaining([
          'PGPASSWORD=s3cret-pass',
          'PGUSER=lumigen',
          'PGHOST=db.internal',
          'PGPORT=6543',
          'PGDATABASE=studio',
          'PGSSLMODE=require',
        ]),
      );
      expect(await modeOf(file)).toBe(0o600);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
