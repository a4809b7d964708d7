import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { confirmAdmin, registerAdmin } from '../../test/admin.ts';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { register, startTestApp, testConfig, type TestContext } from '../../test/harness.ts';
import { submitGeneration } from '../../test/job-calls.ts';

/**
 * Two instances on one PostgreSQL database (docs/deploy.md): a suspension made through one ends the
 * account's event streams open on the other, not only its own (decision 054).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a suspension reaches the streams of every instance', () => {
  let a: TestContext;
  let b: { app: FastifyInstance; database: Database };
  let originB: string;
  const gate = gatedGenerationProvider();

  beforeAll(async () => {
    a = await startTestApp('postgres', {}, { generationProvider: gate.provider });
    const database = await openDatabase({ url: a.location.url, dataDir: `${a.location.dataDir}-b` });
    const app = await buildApp({
      config: testConfig({ ...a.location, dataDir: `${a.location.dataDir}-b` }),
      database,
      logger: false,
      generationProvider: gate.provider,
    });
    b = { app, database };
    await app.listen({ port: 0, host: '127.0.0.1' });
    originB = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    gate.openGate();
    await b.app.close();
    await b.database.close();
    await a.close();
    await rm(`${a.location.dataDir}-b`, { recursive: true, force: true });
  });

  it('closes a stream open on B within a few seconds of the suspension made through A', async () => {
    const admin = await registerAdmin(a);
    await confirmAdmin(a.app, admin);
    const customer = await register(a.app, { name: 'Elsewhere' });
    const accepted = await submitGeneration(a.app, customer.token);
    expect(accepted.statusCode).toBe(202);
    const stream = await fetch(`${originB}/api/jobs/${accepted.json().jobId as string}/events`, {
      headers: { token: customer.token },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();

    const suspended = await a.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.user.id}/suspend`,
      headers: { token: admin.token },
      payload: { reason: 'Chargeback fraud' },
    });
    expect(suspended.statusCode).toBe(200);

    const closed = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    expect(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve(false), 5000))])).toBe(true);
  });
});
