/**
 * The servers under test, in a process of their own so the load generator does not share their
 * event loop: a bare Fastify route and the real app with one signed-in user.
 * Prints one JSON line `{ barePort, appPort, tokens }` when both listen: one user per connection,
 * so session lookups are as varied as real traffic.
 */
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { createDatabaseLocation, testConfig, type DatabaseKind } from '../apps/server/src/test/harness.ts';
import { registerUsers } from './users.ts';

const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
const location = await createDatabaseLocation(kind);
const config = { ...testConfig(location, { LOG_LEVEL: 'warn' }), port: 0, host: '127.0.0.1' };

const bare = Fastify({ logger: false });
bare.post('/bare', async () => ({ success: true, message: 'ok', creditBalance: 5 }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const app = await buildApp({ config, logger: { stream: process.stderr } });
await app.listen({ port: 0, host: '127.0.0.1' });
const tokens = (await registerUsers(app, Number(process.argv[3] ?? 50))).map((user) => user.token);

const portOf = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ barePort: portOf(bare), appPort: portOf(app), tokens })}\n`);

process.on('SIGTERM', () => {
  void (async () => {
    await bare.close();
    await app.close();
    await location.dispose();
    process.exit(0);
  })();
});
