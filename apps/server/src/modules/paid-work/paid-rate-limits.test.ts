import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { countRows, databaseKinds, ledgerState, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { createKey } from '../../test/api-keys.ts';
import { fakeToolProvider } from '../../test/fake-tool-provider.ts';
import { imagePart, multipartBody, pngOf } from '../../test/tool-calls.ts';

const proxy = '127.0.0.1';
const cat = { prompt: 'A cat riding a horse', model: 'dall-e-2', size: '256x256', quality: 'standard' };

/** Paid work per user and per client IP (docs/deploy.md): 429 with Retry-After before anything is reserved. */
describe.each(databaseKinds)('rate limits on paid work on %s', (kind) => {
  let t: TestContext;
  let photo: Buffer;
  beforeAll(async () => {
    t = await startTestApp(
      kind,
      { TRUST_PROXY: proxy, PAID_RATE_LIMIT_USER_MAX: '2', PAID_RATE_LIMIT_IP_MAX: '3' },
      { toolProvider: fakeToolProvider().provider },
    );
    photo = await pngOf(64, 48);
  });
  afterAll(() => t.close());

  const json = (url: string, token: string, ip: string, payload: object) =>
    t.app.inject({ method: 'POST', url, remoteAddress: proxy, headers: { token, 'x-forwarded-for': ip }, payload });
  const tool = async (url: string, token: string, ip: string) => {
    const { payload, contentType } = await multipartBody([imagePart(photo)]);
    return t.app.inject({
      method: 'POST',
      url,
      remoteAddress: proxy,
      headers: { token, 'x-forwarded-for': ip, 'content-type': contentType },
      payload,
    });
  };
  const countJobs = async () =>
    (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM jobs`))[0]?.n;

  function expectLimited(response: {
    statusCode: number;
    headers: Record<string, unknown>;
    json(): { message: string };
  }) {
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(response.json().message).toBe(`Too many attempts. Try again in ${seconds} seconds.`);
  }

  it('per user: past the limit, generation, tools and job submissions answer 429, reserving and charging nothing', async () => {
    const user = await register(t.app);
    const ip = '203.0.113.10';
    expect((await json('/api/image/generate-image', user.token, ip, cat)).statusCode).toBe(200);
    expect((await tool('/api/jobs/tools/remove-background', user.token, ip)).statusCode).toBe(202);
    const before = await ledgerState(t.database, user.user.id);
    const reservations = await countRows(t.database, 'credit_reservations');
    const jobs = await countJobs();

    expectLimited(await json('/api/image/generate-image', user.token, ip, cat));
    expectLimited(await json('/api/jobs/generate', user.token, ip, cat));
    expectLimited(await tool('/api/image/tools/remove-background', user.token, ip));
    expectLimited(await tool('/api/jobs/tools/remove-background', user.token, ip));

    expect(await ledgerState(t.database, user.user.id)).toEqual(before);
    expect(await countRows(t.database, 'credit_reservations')).toBe(reservations);
    expect(await countJobs()).toEqual(jobs);
    // Watching a job costs nothing and is not limited.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/jobs',
      remoteAddress: proxy,
      headers: { token: user.token, 'x-forwarded-for': ip },
    });
    expect(list.statusCode).toBe(200);
  });

  it("per user: calls made with an API key count with the owner's own, and past the limit answer 429 in their service's shape", async () => {
    const user = await register(t.app);
    const { key } = await createKey(t, user.token);
    const ip = '203.0.113.30';
    const v1 = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/images/generations',
        remoteAddress: proxy,
        headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': ip },
        payload: { prompt: 'A cat', size: '256x256' },
      });
    const clipdrop = async () => {
      const { payload, contentType } = await multipartBody([imagePart(photo)]);
      return t.app.inject({
        method: 'POST',
        url: '/clipdrop/remove-background/v1',
        remoteAddress: proxy,
        headers: { 'x-api-key': key, 'x-forwarded-for': ip, 'content-type': contentType },
        payload,
      });
    };
    expect((await json('/api/jobs/generate', user.token, ip, cat)).statusCode).toBe(202);
    expect((await v1()).statusCode).toBe(200);
    const before = await ledgerState(t.database, user.user.id);

    const limitedV1 = await v1();
    expect(limitedV1.statusCode).toBe(429);
    expect(limitedV1.json().error).toMatchObject({
      type: 'requests',
      code: 'rate_limit_exceeded',
      message: expect.stringMatching(/^Too many attempts/),
    });
    const limitedClipdrop = await clipdrop();
    expect(limitedClipdrop.statusCode).toBe(429);
    expect(Number(limitedClipdrop.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limitedClipdrop.json().error).toMatch(/^Too many attempts/);
    expectLimited(await json('/api/jobs/generate', user.token, ip, cat));
    expect(await ledgerState(t.database, user.user.id)).toEqual(before);
  });

  it('per IP: users behind one address share its limit; another address is not held back', async () => {
    const shared = '203.0.113.20';
    const first = await register(t.app);
    const second = await register(t.app);
    expect((await json('/api/jobs/generate', first.token, shared, cat)).statusCode).toBe(202);
    expect((await json('/api/jobs/generate', first.token, shared, cat)).statusCode).toBe(202);
    expect((await json('/api/jobs/generate', second.token, shared, cat)).statusCode).toBe(202);
    const before = await ledgerState(t.database, second.user.id);

    // The second user has used one of their two, but the address has used its three.
    expectLimited(await json('/api/jobs/generate', second.token, shared, cat));
    expect(await ledgerState(t.database, second.user.id)).toEqual(before);
    const elsewhere = await register(t.app);
    expect((await json('/api/jobs/generate', elsewhere.token, '198.51.100.20', cat)).statusCode).toBe(202);
  });
});
