import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { checkAnswers } from './test/contract-answers.ts';
import {
  countRows,
  databaseKinds,
  post,
  register,
  startTestApp,
  testConfig,
  uniqueEmail,
  type TestContext,
} from './test/harness.ts';

describe.each(databaseKinds)('requests on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const raw = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/user/register', headers: { 'content-type': contentType }, payload });

  describe('bad input gets a clear 400 and changes nothing', () => {
    it.each([
      ['malformed JSON', '{"name": "Al", "email": ', 400, 'The request body is not valid JSON'],
      ['an array', '[1, 2]', 400, 'The request body must be a JSON object'],
      ['no fields', '{}', 400, 'Name is required'],
      ['a missing password', '{"name":"Al","email":"al@example.com"}', 400, 'Password is required'],
      [
        'a number for the password',
        '{"name":"Al","email":"al@example.com","password":12345678}',
        400,
        'Password must be text',
      ],
      ['a string for remember', null, 400, 'Remember me must be true or false'],
      [
        'an unknown field',
        '{"name":"Al","email":"al@example.com","password":"long enough","isAdmin":true}',
        400,
        'Unknown field: isAdmin',
      ],
      [
        'a 1 MB name',
        JSON.stringify({ name: 'x'.repeat(1_000_000), email: 'al@example.com', password: 'long enough' }),
        400,
        'Name must be at most 80 characters',
      ],
      [
        'a body over 1 MiB',
        JSON.stringify({ name: 'x'.repeat(1_100_000), email: 'al@example.com', password: 'long enough' }),
        413,
        'The request is too large',
      ],
      ['a non-JSON content type', 'name=Al', 415, 'Unsupported content type'],
    ] as const)('%s', async (_label, payload, status, message) => {
      const before = await countRows(t.database, 'users');
      const response =
        payload === null
          ? await t.app.inject({
              method: 'POST',
              url: '/api/user/login',
              payload: { email: 'al@example.com', password: 'x', remember: 'yes' },
            })
          : await raw(payload, status === 415 ? 'application/x-www-form-urlencoded' : 'application/json');
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
      expect(await countRows(t.database, 'users')).toBe(before);
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await post(t.app, '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('hides internals of unexpected errors behind the request id', async () => {
    const context = await startTestApp(kind, {}, {}, (app) => {
      app.post('/api/explode', async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:42');
      });
    });
    try {
      const response = await post(context.app, '/api/explode');
      expect(response.statusCode).toBe(500);
      const { message, success } = response.json();
      expect(success).toBe(false);
      expect(message).toContain(response.headers['x-request-id']);
      expect(response.body).not.toMatch(/secret_table|\/srv|db\.ts|at /);
    } finally {
      await context.close();
    }
  });

  it('reports health with the database state', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('reports a database it cannot reach as 503 degraded', async () => {
    const context = await startTestApp(kind);
    await context.database.close();
    try {
      const response = await context.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await context.app.close();
      await context.location.dispose();
    }
  });

  it('sends pages security headers with a real Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/pricing' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  // OWASP's REST set (docs/decisions/039): nothing to run, frame or cache; no page-only headers.
  it('sends API answers the headers an API needs, and no store', async () => {
    const { token } = await register(t.app);
    for (const response of [
      await post(t.app, '/api/image/get-credit', token),
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
    ]) {
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    }
    // A route with caching of its own keeps it.
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).headers['cache-control']).toBe(
      'public, max-age=300',
    );
  });

  it('sends the drop-in API answers (/v1, /clipdrop) the same API headers', async () => {
    const answers = [
      await t.app.inject({ method: 'POST', url: '/v1/images/generations', payload: { prompt: 'a cat' } }),
      await t.app.inject({
        method: 'POST',
        url: '/v1/images/generations',
        headers: { authorization: `Bearer lk_${'x'.repeat(43)}` },
        payload: { prompt: 'a cat' },
      }),
      await t.app.inject({ method: 'POST', url: '/clipdrop/remove-background/v1' }),
      await t.app.inject({ method: 'POST', url: '/clipdrop/cleanup/v1', headers: { 'x-api-key': 'not a key' } }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([401, 401, 401, 403]);
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it('allows cross-origin calls only from PUBLIC_ORIGIN', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/user/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await preflight('http://localhost:8080')).headers['access-control-allow-origin']).toBe(
      'http://localhost:8080',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.each(databaseKinds)('login and register rate limits on %s', (kind) => {
  let t: TestContext;
  const limits = { AUTH_RATE_LIMIT_IP_MAX: '4', AUTH_RATE_LIMIT_EMAIL_MAX: '2' };
  beforeAll(async () => {
    t = await startTestApp(kind, limits);
  });
  afterAll(() => t.close());

  const login = (app: TestContext['app'], email: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      payload: { email, password: 'wrong password' },
    });

  it('limits register attempts per e-mail, whatever the address they come from, with Retry-After', async () => {
    const email = uniqueEmail('target');
    const signUp = (address: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        remoteAddress,
        payload: { name: 'Target', email: address, password: 'long enough' },
      });
    expect((await signUp(email, '10.0.0.1')).statusCode).toBe(201);
    expect((await signUp(email, '10.0.0.2')).statusCode).toBe(409);
    const limited = await signUp(email, '10.0.0.3');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    });
    expect((await login(t.app, uniqueEmail('other'), '10.0.0.3')).statusCode).toBe(401);
  });

  it('limits attempts per address, shared by every instance on the database', async () => {
    const second = checkAnswers(
      await buildApp({ config: testConfig(t.location, limits), database: t.database, logger: false }),
    );
    try {
      const ip = '10.9.9.9';
      const statuses = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push((await login(i % 2 ? second : t.app, uniqueEmail('spray'), ip)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401]);
      expect((await login(second, uniqueEmail('spray'), ip)).statusCode).toBe(429);
      expect((await login(t.app, uniqueEmail('spray'), ip)).statusCode).toBe(429);
      const registerAttempt = await t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        remoteAddress: '10.9.9.10',
        payload: { name: 'Fresh', email: uniqueEmail('fresh'), password: 'long enough' },
      });
      expect(registerAttempt.statusCode).toBe(201);
    } finally {
      await second.close();
    }
  });
});

describe('logs', () => {
  it('carry the request id on every request line and never the password or token', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const context = await startTestApp('pglite', { LOG_LEVEL: 'info' }, { logger: { stream } });
    try {
      const { token, password } = await register(context.app, { password: 'a very secret password' });
      await post(context.app, '/api/image/get-credit', token);
      const requestLines = lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.req || l.res || /user registered/.test(l.msg));
      expect(requestLines.length).toBeGreaterThanOrEqual(5);
      for (const line of requestLines) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      const all = lines.join('\n');
      expect(all).not.toContain(password);
      expect(all).not.toContain(token);
    } finally {
      await context.close();
    }
  });
});

describe('web app', () => {
  it('serves the built app with an SPA fallback outside /api', async () => {
    const context = await startTestApp('pglite');
    await context.app.close();
    const dist = path.join(context.location.dataDir, 'web');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Lumigen</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await mkdir(path.join(dist, 'prerendered'));
    await writeFile(path.join(dist, 'prerendered', 'index.html'), '<title>Home prerendered</title>');
    await writeFile(path.join(dist, 'prerendered', 'terms-service.html'), '<title>Terms prerendered</title>');
    const app = checkAnswers(
      await buildApp({
        config: testConfig(context.location, { WEB_DIST_DIR: dist }),
        database: context.database,
        logger: false,
      }),
    );
    try {
      for (const [url, title] of [
        ['/', 'Home prerendered'],
        ['/terms-service', 'Terms prerendered'],
        ['/terms-service/?ref=mail', 'Terms prerendered'],
      ]) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.body, url).toContain(`<title>${title}</title>`);
      }
      for (const url of ['/pricing', '/tools/deep/link?x=1', '/generate']) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<title>Lumigen</title>');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/api/missing' })).json()).toEqual({
        success: false,
        message: 'Not found',
      });
    } finally {
      await app.close();
      await context.database.close();
      await context.location.dispose();
    }
  });

  it('sends the Brotli or gzip copy written beside a file when the browser accepts it', async () => {
    const context = await startTestApp('pglite');
    await context.app.close();
    const dist = path.join(context.location.dataDir, 'web');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await mkdir(path.join(dist, 'prerendered'));
    const script = 'console.log("hello, hello, hello")';
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Lumigen</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), script);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    await writeFile(path.join(dist, 'assets', 'small-def456.js'), 'console.log(2)');
    await writeFile(path.join(dist, 'prerendered', 'index.html'), '<title>Home prerendered</title>');
    await writeFile(
      path.join(dist, 'prerendered', 'index.html.br'),
      brotliCompressSync('<title>Home prerendered</title>'),
    );
    const app = checkAnswers(
      await buildApp({
        config: testConfig(context.location, { WEB_DIST_DIR: dist }),
        database: context.database,
        logger: false,
      }),
    );
    try {
      const get = (url: string, acceptEncoding?: string) =>
        app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

      const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

      const gzipped = await get('/assets/app-abc123.js', 'gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

      const plain = await get('/assets/app-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);

      // No copy (too small to be worth one): the file itself.
      const small = await get('/assets/small-def456.js', 'br');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body).toBe('console.log(2)');

      const page = await get('/', 'br');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe('<title>Home prerendered</title>');

      // The copies are chosen by Accept-Encoding only: by its own name a copy is an unknown page.
      expect((await get('/assets/app-abc123.js.br')).body).toContain('<title>Lumigen</title>');
    } finally {
      await app.close();
      await context.database.close();
      await context.location.dispose();
    }
  });
});

describe('configuration', () => {
  it('fails fast, listing every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_ORIGIN: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*PUBLIC_ORIGIN[\s\S]*LOG_LEVEL/,
    );
  });

  it('defaults to port 8080, ./data and PGlite', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.reservationTimeoutMs).toBe(10 * 60_000);
  });
});
