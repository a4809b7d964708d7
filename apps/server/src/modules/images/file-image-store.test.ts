import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileImageStore } from './file-image-store.ts';

describe('the file image store', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'lumigen-store-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const filesUnder = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

  it('stores, reads back and deletes bytes, in two levels of shard folders, leaving no temporary file', async () => {
    const store = createFileImageStore(root);
    const bytes = Buffer.from('\x89PNG fake image bytes');
    await store.put('0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png', bytes);
    expect((await store.get('0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png'))?.equals(bytes)).toBe(true);
    const files = await filesUnder(root);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11\.png$/);

    await store.delete('0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png');
    expect(await store.get('0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png')).toBeUndefined();
    await expect(store.delete('0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png')).resolves.toBeUndefined();
    expect(await filesUnder(root)).toEqual([]);
  });

  it('a rewrite replaces the whole file; concurrent writes of one key leave one complete version', async () => {
    const store = createFileImageStore(root);
    const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, i));
    await Promise.all(versions.map((v) => store.put('same.png', v)));
    const stored = await store.get('same.png');
    expect(versions.some((v) => v.equals(stored!))).toBe(true);
    expect(await filesUnder(root)).toHaveLength(1);
  });

  it('refuses keys that could leave its root', async () => {
    const store = createFileImageStore(path.join(root, 'images'));
    for (const key of ['../escape.png', 'a/b.png', '', '.hidden', 'x\u0000.png']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('invalid image store key');
      await expect(store.get(key)).rejects.toThrow('invalid image store key');
    }
    expect(await filesUnder(root)).toEqual([]);
  });
});
