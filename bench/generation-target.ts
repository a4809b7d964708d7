/**
 * The real app with a generation provider that answers instantly with one fixed PNG, so a load
 * test of generate-image measures the server's own work per generation: auth, validation, the
 * credit reservation and commit, writing the file and the row, and the base64 answer.
 * Beside it, the same answer with nothing else (`answer-only.ts`): the row's ceiling here.
 * Prints one JSON line `{ appPort, answerPort, tokens, pngBytes }` when listening.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../apps/server/src/app.ts';
import { remoteWorkerConcurrency } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createCreditsService } from '../apps/server/src/modules/credits/credits.service.ts';
import { paintLocally } from '../apps/server/src/modules/generation/providers/local.ts';
import type { GenerationProvider } from '../apps/server/src/modules/generation/providers/provider.ts';
import { createDatabaseLocation, testConfig, type DatabaseKind } from '../apps/server/src/test/harness.ts';
import { startAnswerOnly } from './answer-only.ts';
import { registerUsers } from './users.ts';

const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
const location = await createDatabaseLocation(kind);
// The instant fake stands for a remote provider (OpenAI): jobs run as many at once as a process with
// remote providers runs by default (docs/decisions/034), not one per core as for the local painter.
const config = {
  ...testConfig(location, { LOG_LEVEL: 'warn', WORKER_CONCURRENCY: String(remoteWorkerConcurrency) }),
  port: 0,
  host: '127.0.0.1',
};
const database = await openDatabase({ url: location.url, dataDir: location.dataDir, poolSize: 20 });

// A real painting, so the stored and encoded bytes have a realistic size.
const fixed = await paintLocally({
  prompt: 'a lighthouse on the coast at dusk',
  size: '512x512',
  quality: 'standard',
  seed: 1,
});
const instant: GenerationProvider = { name: 'local', generate: async () => fixed };

const app = await buildApp({ config, database, logger: { stream: process.stderr }, generationProvider: instant });
await app.listen({ port: 0, host: '127.0.0.1' });
const users = await registerUsers(app, Number(process.argv[3] ?? 50));
const credits = createCreditsService(database.db);
for (const user of users) await credits.grant(user.id, 1_000_000, 'adjustment', `bench-${user.id}`);

const answerOnly = await startAnswerOnly(fixed.png);

const port = (app.server.address() as { port: number }).port;
process.stdout.write(
  `${JSON.stringify({ appPort: port, answerPort: answerOnly.port, tokens: users.map((u) => u.token), pngBytes: fixed.png.length })}\n`,
);

process.on('SIGTERM', () => {
  void (async () => {
    await answerOnly.close();
    await app.close();
    // The load generator hangs up mid-request when its time is up; those handlers still run.
    await sleep(2000);
    await database.close();
    await location.dispose();
    process.exit(0);
  })();
});
