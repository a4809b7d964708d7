/**
 * A web-only instance of the real app (no job worker runs in it) for the slow-downloads memory
 * figure (`downloads.ts`), with one user who owns one 4096×4096 result: its row, with the id and
 * size in BENCH_IMAGE_ID and BENCH_IMAGE_BYTES. The bytes are stored by the bench process, as a
 * worker elsewhere stores a result, so storing them costs this process nothing: in files under
 * the printed `dataDir`, or in the S3 bucket given by the S3_* variables.
 * Prints one JSON line `{ appPort, token, dataDir }` when listening.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { insertImage } from '../apps/server/src/modules/images/images.repository.ts';
import { createDatabaseLocation, testConfig, type DatabaseKind } from '../apps/server/src/test/harness.ts';
import { registerUsers } from './users.ts';

const kind = (process.argv[2] ?? 'pglite') as DatabaseKind;
const imageId = process.env.BENCH_IMAGE_ID;
const byteSize = Number(process.env.BENCH_IMAGE_BYTES);
if (!imageId || !byteSize) throw new Error('BENCH_IMAGE_ID and BENCH_IMAGE_BYTES name the result to serve');
const s3Env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('S3_') && entry[1] !== undefined));
const location = await createDatabaseLocation(kind);
const config = { ...testConfig(location, { LOG_LEVEL: 'warn', ...s3Env }), port: 0, host: '127.0.0.1' };
const database = await openDatabase({ url: location.url, dataDir: location.dataDir });

const app = await buildApp({ config, database, logger: { stream: process.stderr } });
await app.listen({ port: 0, host: '127.0.0.1' });
const [user] = await registerUsers(app, 1);
await insertImage(database.db, { id: imageId, userId: user!.id, kind: 'upscale', params: {}, provider: 'local', width: 4096, height: 4096, byteSize, storageKey: `${imageId}.png` });

const appPort = (app.server.address() as { port: number }).port;
process.stdout.write(`${JSON.stringify({ appPort, token: user!.token, dataDir: location.dataDir })}\n`);

process.on('SIGTERM', async () => {
  // The bench hangs up on every download first; anything left is cut here.
  await app.close();
  await database.close();
  await location.dispose();
  process.exit(0);
});
