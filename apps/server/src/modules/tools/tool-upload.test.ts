import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleUploads, staleUploadMs } from './tool-upload.ts';

describe('removeStaleUploads (start-up, with other instances sharing the data directory)', () => {
  let root: string;
  afterEach(() => rm(root, { recursive: true, force: true }));

  const uploadDir = async (name: string, ageMs: number, fileAgeMs = ageMs) => {
    const dir = path.join(root, name);
    await mkdir(dir);
    await writeFile(path.join(dir, 'image'), 'bytes');
    const at = (age: number) => new Date(Date.now() - age);
    await utimes(path.join(dir, 'image'), at(fileAgeMs), at(fileAgeMs));
    await utimes(dir, at(ageMs), at(ageMs));
  };

  it("deletes what a gone process left and keeps another instance's live uploads", async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'lumigen-uploads-'));
    await uploadDir('upload-crashed', staleUploadMs + 60_000);
    await uploadDir('upload-live', 5_000);
    // A slow upload: its directory is old, but its file is still being written to.
    await uploadDir('upload-slow', staleUploadMs + 60_000, 1_000);
    await removeStaleUploads(root);
    expect((await readdir(root)).sort()).toEqual(['upload-live', 'upload-slow']);
  });

  it('creates the directory when there is none', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'lumigen-uploads-'));
    await removeStaleUploads(path.join(root, 'uploads'));
    expect(await readdir(path.join(root, 'uploads'))).toEqual([]);
  });
});
