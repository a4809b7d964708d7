import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitGeneration, waitForJob } from '../../test/job-calls.ts';
import { databaseKinds, register, startTestApp, storedImageFiles, type TestContext } from '../../test/harness.ts';
import { picturePng } from '../../test/pictures.ts';
import { createFileImageStore } from './file-image-store.ts';
import { createImagesService } from './images.service.ts';

const hour = 60 * 60_000;

/**
 * A stored image file that no image row owns (a crash between storing it and the transaction that
 * pays for it) is nobody's: the sweep removes it once it is older than the reservation timeout,
 * by which time no attempt can still commit it.
 */
describe.each(databaseKinds)('the sweep of image files no charge owns, on %s with the file store', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('removes an orphan older than the reservation timeout, keeps a younger one and an owned one', async () => {
    const root = path.join(t.location.dataDir, 'images');
    const store = createFileImageStore(root);
    const images = createImagesService(t.database.db, store);
    const fileOf = async (key: string) =>
      (await storedImageFiles(t.location)).find((file) => path.basename(file) === key);
    const age = async (key: string, ms: number) => {
      const seconds = (Date.now() - ms) / 1000;
      await utimes((await fileOf(key))!, seconds, seconds);
    };

    const { token } = await register(t.app);
    const accepted = await submitGeneration(t.app, token);
    const job = await waitForJob(t.app, token, accepted.json().jobId as string);
    expect(job.status).toBe('succeeded');
    const ownedKey = `${job.imageId}.png`;
    await age(ownedKey, 2 * hour);

    const bytes = await picturePng(8, 8, '#123');
    const oldOrphan = `${randomUUID()}.png`;
    const youngOrphan = `${randomUUID()}.png`;
    await store.put(oldOrphan, bytes);
    await store.put(youngOrphan, bytes);
    await age(oldOrphan, 2 * hour);
    await age(youngOrphan, hour / 2);

    await images.sweepUnowned(hour);

    const left = (await storedImageFiles(t.location)).map((file) => path.basename(file));
    expect(left).not.toContain(oldOrphan);
    expect(left).toContain(youngOrphan);
    expect(left).toContain(ownedKey);
  });
});
