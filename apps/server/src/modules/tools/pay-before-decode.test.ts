import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { imagePart, multipartBody, pngBomb } from '../../test/tool-calls.ts';

// A PNG's signature and the start of an IHDR, then noise: it sniffs as a PNG, and any decoder refuses it.
const corruptPng = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(4096, 0x5a),
]);

/** An account that cannot pay is answered 402 before its upload is read or decoded. */
describe.each(databaseKinds)('402 before any decode on %s', (kind) => {
  let t: TestContext;
  const fake = fakeToolProvider();
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { toolProvider: fake.provider });
  });
  afterAll(() => t.close());

  const send = async (url: string, token: string, bytes: Buffer) => {
    const { payload, contentType } = await multipartBody([imagePart(bytes)]);
    return t.app.inject({ method: 'POST', url, headers: { token, 'content-type': contentType }, payload });
  };

  it.each(['/api/image/tools/remove-background', '/api/jobs/tools/remove-background'])(
    '%s: an image that would fail decoding is a 400 with credit, a 402 without',
    async (url) => {
      // With credit, the upload is judged: this one cannot be decoded.
      const paying = await register(t.app);
      expect((await send(url, paying.token, corruptPng)).statusCode).toBe(400);

      const broke = await register(t.app);
      for (let i = 0; i < 5; i += 1) await post(t.app, '/api/image/deduct-credit', broke.token);
      const before = await ledgerState(t.database, broke.user.id);
      for (const bytes of [corruptPng, pngBomb()]) {
        const response = await send(url, broke.token, bytes);
        expect(response.statusCode).toBe(402);
        expect(response.json()).toEqual({
          success: false,
          message:
            'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
          creditBalance: 0,
          creditsNeeded: 1,
        });
      }
      expect(await ledgerState(t.database, broke.user.id)).toEqual(before);
      expect(fake.calls).toHaveLength(0);
    },
  );
});
