import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs, startTestApp, type TestContext } from './test/harness.ts';

const warning =
  'a request carried X-Forwarded-For from a peer TRUST_PROXY does not trust: per-IP limits count the peer (set TRUST_PROXY to the proxies behind which this server runs)';

/** Behind an unnamed proxy every client has the proxy's address: the operator is told, once. */
describe('X-Forwarded-For that is not trusted', () => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const warnings = (lines: Array<Record<string, unknown>>) => lines.filter((line) => line.msg === warning);

  it('logs one warning per process, whatever the number of such requests', async () => {
    const logs = captureLogs();
    t = await startTestApp('pglite', { LOG_LEVEL: 'warn' }, { logger: logs.logger });
    for (let i = 0; i < 3; i += 1)
      await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    expect(warnings(logs.lines)).toHaveLength(1);
    expect(warnings(logs.lines)[0]!.level).toBe(40);
  });

  it('says nothing when the header comes from a trusted proxy, or is absent', async () => {
    const logs = captureLogs();
    t = await startTestApp('pglite', { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' }, { logger: logs.logger });
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.9' } });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(warnings(logs.lines)).toEqual([]);
  });
});
