/**
 * The real app for the stream-flood bench, in a process of its own (see `http.ts`): one user with
 * one unfinished job (its generation waits for ever), so every event stream it opens stays open.
 * Prints one JSON line `{ appPort, token, jobId }` when listening.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { gatedGenerationProvider } from '../apps/server/src/test/gated-generation-provider.ts';
import { createDatabaseLocation, testConfig, type DatabaseKind } from '../apps/server/src/test/harness.ts';
import { registerUsers } from './users.ts';

const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
const location = await createDatabaseLocation(kind);
const database = await openDatabase({ url: location.url, dataDir: location.dataDir, poolSize: 20 });
const config = testConfig(location, { LOG_LEVEL: 'warn' });
const app = await buildApp({
  config,
  database,
  logger: { stream: process.stderr },
  generationProvider: gatedGenerationProvider().provider,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const [user] = await registerUsers(app, 1);
const submitted = await app.inject({
  method: 'POST',
  url: '/api/jobs/generate',
  headers: { token: user!.token },
  payload: { prompt: 'a lighthouse at dusk', model: 'dall-e-2', size: '256x256', quality: 'standard' },
});
const { jobId } = submitted.json() as { jobId: string };
console.log(JSON.stringify({ appPort: (app.server.address() as { port: number }).port, token: user!.token, jobId }));

const stop = async () => {
  await app.close();
  await database.close();
  await location.dispose();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
