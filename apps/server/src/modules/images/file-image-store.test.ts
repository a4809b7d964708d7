import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileImageStore } from './file-image-store.ts';
import { describeImageStoreContract } from './image-store.contract.ts';
import { readStoredBytes } from './image-store.ts';

const filesUnder = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

describeImageStoreContract('files', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'lumigen-store-'));
  return {
    images: createFileImageStore(path.join(root, 'images')),
    inputs: createFileImageStore(path.join(root, 'inputs')),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

describe('the file image store', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'lumigen-store-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('keeps each object in two levels of shard folders, leaving no temporary file', async () => {
    const store = createFileImageStore(root);
    await store.put('0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png', Buffer.from('\x89PNG fake image bytes'));
    await Promise.all(Array.from({ length: 4 }, (_, i) => store.put('same.png', Buffer.alloc(64 * 1024, i))));
    const files = await filesUnder(root);
    expect(files).toHaveLength(2);
    expect(files).toContainEqual(
      expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f]{2}\/0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11\.png$/),
    );
    await store.delete('0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png');
    await store.delete('same.png');
    expect(await filesUnder(root)).toEqual([]);
  });

  it('lets a reader that opened an object finish it after the object is deleted', async () => {
    const store = createFileImageStore(root);
    const bytes = Buffer.alloc(512 * 1024, 7);
    await store.put('going.png', bytes);
    const found = await store.getStream('going.png');
    await store.delete('going.png');
    const chunks: Buffer[] = [];
    for await (const chunk of found!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await readStoredBytes(store, 'going.png')).toBeUndefined();
  });

  it('writes nothing for a refused key', async () => {
    const store = createFileImageStore(path.join(root, 'images'));
    await expect(store.put('../escape.png', Buffer.from('x'))).rejects.toThrow('invalid image store key');
    expect(await filesUnder(root)).toEqual([]);
  });
});
