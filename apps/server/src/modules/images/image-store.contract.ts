import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredBytes, type ImageStores } from './image-store.ts';

/**
 * What every store promises (`image-store.ts`), run against each backend by its own test file:
 * `open` gives fresh stores (both areas of one backend) and `close` lets them go.
 */
export function describeImageStoreContract(
  name: string,
  open: () => Promise<Pick<ImageStores, 'images' | 'inputs'> & { close(): Promise<void> }>,
) {
  describe(`${name}: the image store contract`, () => {
    let stores: Awaited<ReturnType<typeof open>>;
    let scratch: string;
    beforeAll(async () => {
      stores = await open();
      scratch = await mkdtemp(path.join(os.tmpdir(), 'lumigen-store-contract-'));
    });
    afterAll(async () => {
      await stores.close();
      await rm(scratch, { recursive: true, force: true });
    });

    it('streams back what was put, with its size', async () => {
      const bytes = Buffer.from('\x89PNG fake image bytes');
      await stores.images.put('0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png', bytes);
      const found = await stores.images.getStream('0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png');
      expect(found?.size).toBe(bytes.length);
      expect((await buffer(found!.stream)).equals(bytes)).toBe(true);
      expect((await readStoredBytes(stores.images, '0b1c6a52-4a4e-4c55-9a52-2f1f6f1f0c11.png'))?.equals(bytes)).toBe(
        true,
      );
    });

    it('streams a large object in pieces, every byte in order', async () => {
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      await stores.images.put('large.png', bytes);
      const found = await stores.images.getStream('large.png');
      expect(found?.size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const chunk of found!.stream) chunks.push(chunk as Buffer);
      expect(chunks.length).toBeGreaterThan(1);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });

    it('stores a file from disk as it is (an upload spilled to disk)', async () => {
      const bytes = randomBytes(1024 * 1024 + 5);
      const file = path.join(scratch, 'upload');
      await writeFile(file, bytes);
      await stores.inputs.putFile('job-1.image', file);
      const found = await stores.inputs.getStream('job-1.image');
      expect(found?.size).toBe(bytes.length);
      expect((await buffer(found!.stream)).equals(bytes)).toBe(true);
    });

    it('answers undefined for a missing key; deletes, and deleting what is gone is no error', async () => {
      expect(await stores.images.getStream('never-stored.png')).toBeUndefined();
      expect(await readStoredBytes(stores.images, 'never-stored.png')).toBeUndefined();
      await stores.images.put('short-lived.png', Buffer.from('bytes'));
      await stores.images.delete('short-lived.png');
      expect(await stores.images.getStream('short-lived.png')).toBeUndefined();
      await expect(stores.images.delete('short-lived.png')).resolves.toBeUndefined();
    });

    it('replaces the whole object on a rewrite; concurrent writes of one key leave one complete version', async () => {
      await stores.images.put('rewritten.png', Buffer.alloc(4096, 1));
      await stores.images.put('rewritten.png', Buffer.from('shorter'));
      expect((await readStoredBytes(stores.images, 'rewritten.png'))?.toString()).toBe('shorter');

      const versions = Array.from({ length: 6 }, (_, i) => Buffer.alloc(256 * 1024, i));
      await Promise.all(versions.map((v) => stores.images.put('same.png', v)));
      const stored = await readStoredBytes(stores.images, 'same.png');
      expect(versions.some((v) => v.equals(stored!))).toBe(true);
    });

    it('keeps its areas apart: one key in images and in inputs names two objects', async () => {
      await stores.images.put('shared-name', Buffer.from('an image'));
      await stores.inputs.put('shared-name', Buffer.from('an input'));
      expect((await readStoredBytes(stores.images, 'shared-name'))?.toString()).toBe('an image');
      expect((await readStoredBytes(stores.inputs, 'shared-name'))?.toString()).toBe('an input');
      await stores.inputs.delete('shared-name');
      expect((await readStoredBytes(stores.images, 'shared-name'))?.toString()).toBe('an image');
    });

    it('lists the keys of its own area written before a time, for the sweep of files no row owns', async () => {
      const key = `listed-${randomBytes(4).toString('hex')}.png`;
      const other = `listed-${randomBytes(4).toString('hex')}.input`;
      await stores.images.put(key, Buffer.from('an image'));
      await stores.inputs.put(other, Buffer.from('an input'));
      const listed = async (cutoff: Date) => {
        const keys: string[] = [];
        for await (const found of stores.images.keysWrittenBefore(cutoff)) keys.push(found);
        return keys;
      };
      const later = await listed(new Date(Date.now() + 60_000));
      expect(later).toContain(key);
      expect(later).not.toContain(other);
      expect(await listed(new Date(Date.now() - 60_000))).not.toContain(key);
    });

    it('refuses every key that could leave its area, before touching the backend', async () => {
      const file = path.join(scratch, 'refused');
      await writeFile(file, 'x');
      for (const key of [
        '../escape.png',
        '../inputs/x',
        'a/b.png',
        '/etc/passwd',
        '',
        '.hidden',
        '..',
        'x\u0000.png',
        'x'.repeat(202),
      ]) {
        await expect(stores.images.put(key, Buffer.from('x'))).rejects.toThrow('invalid image store key');
        await expect(stores.images.putFile(key, file)).rejects.toThrow('invalid image store key');
        await expect(stores.images.getStream(key)).rejects.toThrow('invalid image store key');
        await expect(stores.images.delete(key)).rejects.toThrow('invalid image store key');
      }
    });
  });
}
