/**
 * The real app for the editing-tools bench, in a process of its own (see `http.ts`). Two modes:
 * - `clipdrop`: Clipdrop is a zero-latency fake in a child process (it reads the upload and
 *   answers one fixed PNG at once), so a load test measures the server's own work per
 *   edit: auth, multipart, validation and decode, the credit, the upload to the provider, the PNG
 *   check, the file and the row, and the base64 answer;
 * - `local`: the real local tools on their worker pool; one edit by BENCH_LOCAL_TOOL
 *   (remove-background by default) runs first (model load), and `localTools` says whether it
 *   worked or why not.
 * In `clipdrop` mode, the same upload and answer with nothing else beside it (`answer-only.ts`):
 * the row's ceiling here.
 * Prints one JSON line `{ appPort, answerPort?, tokens, answerBytes?, localTools? }` when listening.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.ts';
import { remoteWorkerConcurrency } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createCreditsService } from '../apps/server/src/modules/credits/credits.service.ts';
import { createLocalToolsProvider } from '../apps/server/src/modules/tools/providers/local.ts';
import { createDatabaseLocation, testConfig, type DatabaseKind } from '../apps/server/src/test/harness.ts';
import { benchPhoto, localBenchPhoto, noisyPhoto } from './tool-fixture.ts';
import { startAnswerOnly } from './answer-only.ts';
import { registerUsers } from './users.ts';

const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
const mode = process.env.BENCH_TOOLS_MODE === 'local' ? 'local' : 'clipdrop';
const location = await createDatabaseLocation(kind);
const database = await openDatabase({ url: location.url, dataDir: location.dataDir, poolSize: 20 });
// The fake answers a picture of the upload's size, as Clipdrop does (a picture of another size is
// refused as unusable): the bench's photo, or with BENCH_TOOLS_ANSWER_MB a noisy one of that many MB.
const answerMb = Number(process.env.BENCH_TOOLS_ANSWER_MB ?? 0);
const photo = answerMb > 0 ? await noisyPhoto(answerMb) : await benchPhoto();

let env: Record<string, string> = { LOG_LEVEL: 'warn' };
let answerBytes: number | undefined;
let answerOnly: Awaited<ReturnType<typeof startAnswerOnly>> | undefined;
let fakeClipdrop: ChildProcess | undefined;
if (mode === 'clipdrop') {
  const answer = await sharp(photo).png().toBuffer();
  answerBytes = answer.length;
  answerOnly = await startAnswerOnly(answer);
  const answerFile = path.join(location.dataDir, 'clipdrop-answer.png');
  await writeFile(answerFile, answer);
  // A process of its own, so neither its CPU nor its memory is counted as the server's.
  fakeClipdrop = spawn(
    process.execPath,
    [
      '-e',
      `const answer = require('node:fs').readFileSync(process.argv[1]);
       const server = require('node:http').createServer((request, response) => {
         request.resume();
         request.on('end', () => response.writeHead(200, { 'content-type': 'image/png' }).end(answer));
       });
       server.listen(0, '127.0.0.1', () => console.log(server.address().port));`,
      answerFile,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [port] = (await once(createInterface({ input: fakeClipdrop.stdout! }), 'line')) as [string];
  // Jobs run as many at once as a process with remote providers runs by default (docs/decisions/034).
  env = {
    ...env,
    ALLOW_TEST_PAYMENTS: 'true',
    CLIPDROP_API_KEY: 'bench-key',
    CLIPDROP_BASE_URL: `http://127.0.0.1:${port}`,
    WORKER_CONCURRENCY: String(remoteWorkerConcurrency),
  };
}

let localTools: string | undefined;
const localProvider =
  mode === 'local'
    ? createLocalToolsProvider({ threads: Number(process.env.TOOLS_LOCAL_THREADS ?? 2), timeoutMs: 300_000 })
    : undefined;
if (localProvider) {
  try {
    const tool = process.env.BENCH_LOCAL_TOOL === 'remove-text' ? 'remove-text' : 'remove-background';
    const bytes = await localBenchPhoto(tool);
    const file = path.join(location.dataDir, 'local-warm-up.jpg');
    await writeFile(file, bytes);
    await localProvider.run({
      tool,
      image: { path: file, size: bytes.length, type: 'image/jpeg', width: 1024, height: 768 },
      fields: {},
    });
    localTools = 'ok';
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    localTools = cause instanceof Error ? cause.message : String(error);
  }
}

const config = { ...testConfig(location, env), port: 0, host: '127.0.0.1' };
const app = await buildApp({
  config,
  database,
  logger: { stream: process.stderr },
  ...(localProvider ? { toolProvider: localProvider } : {}),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const users = await registerUsers(app, Number(process.argv[3] ?? 50));
const credits = createCreditsService(database.db);
for (const user of users) await credits.grant(user.id, 1_000_000, 'adjustment', `bench-${user.id}`);

const appPort = (app.server.address() as { port: number }).port;
process.stdout.write(
  `${JSON.stringify({ appPort, answerPort: answerOnly?.port, tokens: users.map((u) => u.token), answerBytes, localTools })}\n`,
);

process.on('SIGTERM', () => {
  void (async () => {
    await answerOnly?.close();
    await app.close();
    // The load generator hangs up mid-request when its time is up; those handlers still run, and
    // still talk to the fake Clipdrop.
    await sleep(2000);
    fakeClipdrop?.kill();
    await database.close();
    await location.dispose();
    process.exit(0);
  })();
});
