import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { submitBatch } from '../../test/batch-calls.ts';
import { fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { imagePart, type Part } from '../../test/tool-calls.ts';

// Every picture part the server writes to disk, by the upload module's own spill.
const spilled = vi.hoisted(() => ({ count: 0 }));
vi.mock('../tools/tool-upload.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../tools/index.ts')>();
  return {
    ...original,
    spillFilePart: (...args: Parameters<typeof original.spillFilePart>) => {
      spilled.count += 1;
      return original.spillFilePart(...args);
    },
  };
});

// A PNG's signature and the start of an IHDR, then 1 MB of noise: any decoder refuses it, so a
// picture that was decoded shows as refused (400), one that was not leaves the 402 to answer.
const largeCorruptPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(1024 * 1024, 0x5a),
]);
const upscale: Part[] = [
  ['tool', 'upscale'],
  ['target_width', '96'],
  ['target_height', '64'],
];

/** A batch answers 402 as soon as the pictures read so far cost more than the balance. */
describe.each(databaseKinds)('a batch beyond the balance on %s', (kind) => {
  let t: TestContext;
  const fake = fakeToolProvider();
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { toolProvider: fake.provider });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    spilled.count = 0;
  });

  async function threeCreditAccount() {
    const account = await register(t.app);
    for (let i = 0; i < 2; i += 1)
      expect((await post(t.app, '/api/image/deduct-credit', account.token)).statusCode).toBe(200);
    return account;
  }

  it('50 large pictures from a 3-credit account: 402 naming 3 after at most 4 pictures read, nothing decoded, nothing left on disk', async () => {
    const { token, user } = await threeCreditAccount();
    const before = await ledgerState(t.database, user.id);
    const pictures = Array.from({ length: 50 }, (_, i): Part => imagePart(largeCorruptPng, `photo-${i + 1}.png`));
    const response = await submitBatch(t.app, token, [...upscale, ...pictures]);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      success: false,
      message: expect.stringContaining('pays for 3 pictures'),
      creditBalance: 3,
    });
    expect(spilled.count).toBeLessThanOrEqual(4);
    expect(await ledgerState(t.database, user.id)).toEqual(before);
    expect(fake.calls).toHaveLength(0);
    expect(await readdir(path.join(t.location.dataDir, 'uploads')).catch(() => [])).toEqual([]);
  });

  it('a batch the balance pays for is still read whole and judged', async () => {
    const { token } = await threeCreditAccount();
    const pictures = Array.from({ length: 3 }, (_, i): Part => imagePart(largeCorruptPng, `photo-${i + 1}.png`));
    const response = await submitBatch(t.app, token, [...upscale, ...pictures]);
    // Each picture was decoded, and refused: nothing usable, nothing charged.
    expect(response.statusCode).toBe(400);
    expect(spilled.count).toBe(3);
  });
});
