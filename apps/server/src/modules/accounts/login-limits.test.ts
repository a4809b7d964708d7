import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../../lib/client-key.ts';
import { databaseKinds, register, startTestApp, uniqueEmail, type TestContext } from '../../test/harness.ts';

// Client addresses from documentation ranges, in X-Forwarded-For only: no traffic goes anywhere.
const attacker = '203.0.113.66';
const owner = '198.51.100.20';

describe.each(databaseKinds)('login lockout on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': from },
      payload: { email, password },
    });

  it("someone else's wrong guesses do not lock the owner out from another IP", async () => {
    const { user, password } = await register(t.app);
    for (let i = 0; i < 10; i += 1) expect((await login(user.email, 'wrong guess', attacker)).statusCode).toBe(401);
    const locked = await login(user.email, password, attacker);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    });
    expect((await login(user.email, password, owner)).statusCode).toBe(200);
    // The attacker's IP may still try other addresses: the pair is locked, not the IP.
    expect((await login(uniqueEmail('other'), 'wrong guess', attacker)).statusCode).toBe(401);
  });

  it('only failures count, and a success clears the pair', async () => {
    const { user, password } = await register(t.app);
    for (let i = 0; i < 20; i += 1) expect((await login(user.email, password, owner)).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await login(user.email, 'typo', owner)).statusCode).toBe(401);
    expect((await login(user.email, password, owner)).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await login(user.email, 'typo', owner)).statusCode).toBe(401);
    expect((await login(user.email, password, owner)).statusCode).toBe(429);
  });

  it('allows at most 50 failures per address per window from all IPs together', async () => {
    const { user, password } = await register(t.app);
    for (let ip = 1; ip <= 5; ip += 1) {
      for (let i = 0; i < 10; i += 1)
        expect((await login(user.email, 'spread guess', `203.0.113.${ip}`)).statusCode).toBe(401);
    }
    expect((await login(user.email, 'spread guess', '203.0.113.6')).statusCode).toBe(429);
    expect((await login(user.email, password, owner)).statusCode).toBe(429);
  });

  it('counts an IPv6 /64 as one client', async () => {
    const { user } = await register(t.app);
    for (let i = 0; i < 10; i += 1)
      expect((await login(user.email, 'v6 guess', `2001:db8:7:7::${(i + 1).toString(16)}`)).statusCode).toBe(401);
    expect((await login(user.email, 'v6 guess', '2001:db8:7:7:abcd::1')).statusCode).toBe(429);
    expect((await login(user.email, 'v6 guess', '2001:db8:7:8::1')).statusCode).toBe(401);
  });
});

describe.each(databaseKinds)('TRUST_PROXY on %s', (kind) => {
  const echoIp = (app: TestContext['app']) =>
    app.get('/test/ip', async (request) => ({ ip: request.ip, key: clientKey(request.ip) }));
  const ipSeen = async (t: TestContext, forwardedFor: string, remoteAddress = '127.0.0.1') =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/test/ip',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      })
    ).json().ip as string;

  it.each([
    // One proxy in front: its entry (the last) is the client; whatever the client wrote before it is ignored.
    ['1', '198.51.100.1, 203.0.113.9', '203.0.113.9'],
    // Proxies named by address and range: the first untrusted entry from the right.
    ['127.0.0.1,10.0.0.0/8', '198.51.100.1, 203.0.113.9, 10.1.2.3', '203.0.113.9'],
    ['false', '198.51.100.1', '127.0.0.1'],
    // true keeps working as before: the leftmost entry, which the client writes itself.
    ['true', '198.51.100.1, 203.0.113.9', '198.51.100.1'],
  ])('TRUST_PROXY=%s reads X-Forwarded-For "%s" as %s', async (trust, forwardedFor, expected) => {
    const t = await startTestApp(kind, { TRUST_PROXY: trust }, {}, echoIp);
    try {
      expect(await ipSeen(t, forwardedFor)).toBe(expected);
    } finally {
      await t.close();
    }
  });

  it('named proxies: a request from an address that is not one is taken at its word about nothing', async () => {
    const t = await startTestApp(kind, { TRUST_PROXY: '10.0.0.0/8' }, {}, echoIp);
    try {
      expect(await ipSeen(t, '198.51.100.1', '192.0.2.10')).toBe('192.0.2.10');
      expect(await ipSeen(t, '198.51.100.1', '10.0.0.7')).toBe('198.51.100.1');
    } finally {
      await t.close();
    }
  });

  it('a client cannot pick a fresh IP per request behind one trusted proxy', async () => {
    const t = await startTestApp(kind, { TRUST_PROXY: '1', AUTH_RATE_LIMIT_IP_MAX: '2' });
    try {
      const ask = (forged: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/reset-request',
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.50` },
          payload: { email: uniqueEmail('dodge') },
        });
      expect((await ask('198.51.100.1')).statusCode).toBe(200);
      expect((await ask('198.51.100.2')).statusCode).toBe(200);
      expect((await ask('198.51.100.3')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
