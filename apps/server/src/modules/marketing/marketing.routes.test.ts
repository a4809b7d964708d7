import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { databaseKinds, post, startTestApp, uniqueEmail, type TestContext } from '../../test/harness.ts';

describe.each(databaseKinds)('contact and newsletter on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('stores a contact message and answers with the SPEC text', async () => {
    const email = uniqueEmail('contact');
    const response = await post(t.app, '/api/contact', undefined, {
      name: 'Mia',
      email,
      comments: 'Do you offer invoices?',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'submitted successfully! We will get back.' });
    const stored = await rows<{ name: string; comments: string }>(
      t.database.db,
      sql`SELECT name, comments FROM contact_messages WHERE email = ${email}`,
    );
    expect(stored).toEqual([{ name: 'Mia', comments: 'Do you offer invoices?' }]);
  });

  it('refuses an empty comment and stores nothing', async () => {
    const email = uniqueEmail('contact');
    const response = await post(t.app, '/api/contact', undefined, { name: 'Mia', email, comments: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Comments is required' });
    expect(await rows(t.database.db, sql`SELECT 1 FROM contact_messages WHERE email = ${email}`)).toEqual([]);
  });

  it('subscribes an address once, however often it is sent', async () => {
    const email = uniqueEmail('news');
    for (const variant of [email, email.toUpperCase(), ` ${email} `]) {
      const response = await post(t.app, '/api/newsletter', undefined, { email: variant, agreed: true });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'subscribed successfully!' });
    }
    const stored = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM newsletter_subscribers WHERE email = ${email}`,
    );
    expect(stored[0]?.n).toBe(1);
  });

  it('requires the privacy agreement', async () => {
    const email = uniqueEmail('news');
    for (const agreed of [false, undefined]) {
      const response = await post(t.app, '/api/newsletter', undefined, {
        email,
        ...(agreed === undefined ? {} : { agreed }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Please agree to the privacy policy to subscribe' });
    }
    expect(await rows(t.database.db, sql`SELECT 1 FROM newsletter_subscribers WHERE email = ${email}`)).toEqual([]);
  });
});

describe.each(databaseKinds)('contact and newsletter limits on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1', FORMS_RATE_LIMIT_IP_MAX: '2' });
  });
  afterAll(() => t.close());

  const from = (ip: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ip }, payload });

  it.each([
    ['/api/contact', () => ({ name: 'Mia', email: uniqueEmail('contact'), comments: 'Hello' }), 'contact_messages'],
    ['/api/newsletter', () => ({ email: uniqueEmail('news'), agreed: true }), 'newsletter_subscribers'],
  ] as const)(
    '%s: past FORMS_RATE_LIMIT_IP_MAX per client IP, 429 with Retry-After and nothing stored',
    async (url, body, table) => {
      const ip = url === '/api/contact' ? '203.0.113.31' : '203.0.113.32';
      expect((await from(ip, url, body())).statusCode).toBe(200);
      expect((await from(ip, url, body())).statusCode).toBe(200);
      const refused = body();
      const response = await from(ip, url, refused);
      expect(response.statusCode).toBe(429);
      const seconds = Number(response.headers['retry-after']);
      expect(seconds).toBeGreaterThan(60);
      expect(seconds).toBeLessThanOrEqual(3600);
      expect(response.json()).toEqual({
        success: false,
        message: `Too many attempts. Try again in ${seconds} seconds.`,
      });
      expect(
        await rows(t.database.db, sql`SELECT 1 FROM ${sql.identifier(table)} WHERE email = ${refused.email}`),
      ).toEqual([]);
      // Another client is not held back.
      expect((await from('198.51.100.31', url, body())).statusCode).toBe(200);
    },
  );
});
