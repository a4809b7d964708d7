import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { paintLocally } from '../apps/server/src/modules/generation/providers/local.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { insertImage } from '../apps/server/src/modules/images/images.repository.ts';
import { createImageStores } from '../apps/server/src/modules/images/select-store.ts';
import { buildServer, builtEntries, builtEnv } from '../apps/server/src/test/built-server.ts';
import { createDatabaseLocation } from '../apps/server/src/test/harness.ts';
import { startS3Server } from '../apps/server/src/test/s3-server.ts';
import { spawnEntry } from '../apps/server/src/test/spawned-process.ts';
import { resetPeak, rssMb } from './process-memory.ts';

/**
 * A 4096×4096 result as an upscale of a photo leaves it: a local painting enlarged 4× with a
 * little grain, which keeps the PNG near the size of an upscaled photo (some 35 MB).
 */
async function upscaledResult(): Promise<Buffer> {
  const { png } = await paintLocally({
    prompt: 'a red bicycle leaning on a wall in a sunny street',
    size: '1024x1024',
    quality: 'hd',
    seed: 7,
  });
  const side = 4096;
  const grain = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 4 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(png)
    .resize(side, side, { kernel: 'lanczos3' })
    .composite([{ input: grain, raw: { width: side, height: side, channels: 3 }, blend: 'overlay' }])
    .png()
    .toBuffer();
}

export type SlowDownloads = {
  storage: 'files' | 's3';
  clients: number;
  /** Clients whose download had started (200 and headers) when the window closed. */
  downloading: number;
  seconds: number;
  pngBytes: number;
  /** Bytes the clients had read when they hung up. */
  receivedBytes: number;
  idleMb: number;
  peakMb: number;
};

let resultFile: Promise<{ file: string; bytes: number; dispose(): Promise<void> }> | undefined;
/** The result PNG, made once per bench run (painting and encoding it takes a few seconds). */
function result() {
  resultFile ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-bench-downloads-'));
    const png = await upscaledResult();
    const file = path.join(dir, 'result.png');
    await writeFile(file, png);
    return { file, bytes: png.length, dispose: () => rm(dir, { recursive: true, force: true }) };
  })();
  return resultFile;
}

/**
 * Peak RSS of a web-only instance as operators run it (`npm start` with WORKERS_IN_PROCESS=0: the
 * built server, on PostgreSQL — a web-only instance shares its database with workers elsewhere)
 * while `clients` download one 4096×4096 result at once, each reading 16 kB every 250 ms (~64 kB/s,
 * a slow phone), for `seconds` once all have started (docs/architecture.md §5: < 300 MB). Each
 * client is its own connection. Images stored in files, or in an S3 bucket (s3rver in this
 * process, so its memory is not the server's). The bench stores the bytes and writes the image's
 * row, as a worker elsewhere would; afterwards every client hangs up.
 */
export async function benchSlowDownloads(
  adminUrl: string,
  storage: 'files' | 's3',
  clients = 300,
  seconds = 10,
): Promise<SlowDownloads> {
  const png = await result();
  const imageId = randomUUID();
  const s3 = storage === 's3' ? await startS3Server('lumigen-bench') : undefined;
  const location = await createDatabaseLocation('postgres', adminUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-bench-downloads-server-'));
  buildServer();
  const server = spawnEntry(
    builtEntries.server,
    {
      ...builtEnv,
      DATABASE_URL: location.url!,
      DATA_DIR: dataDir,
      WORKERS_IN_PROCESS: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...(s3?.env ?? {}),
    },
    { keepOutputChars: 64 * 1024 },
  );
  const requests: ClientRequest[] = [];
  const responses: IncomingMessage[] = [];
  let receivedBytes = 0;
  try {
    const origin = (await server.waitFor(/listening at (http:\/\/127\.0\.0\.1:\d+)/, 90_000))[1]!;
    const pid = server.child.pid!;
    const registered = await fetch(`${origin}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench downloads',
        email: `downloads.${process.pid}@example.com`,
        password: 'bench password',
      }),
    });
    const { token, user } = (await registered.json()) as { token: string; user: { id: string } };
    const database = await openDatabase({ url: location.url, dataDir: null });
    try {
      await insertImage(database.db, {
        id: imageId,
        userId: user.id,
        kind: 'upscale',
        params: {},
        provider: 'local',
        width: 4096,
        height: 4096,
        byteSize: png.bytes,
        storageKey: `${imageId}.png`,
      });
    } finally {
      await database.close();
    }
    // Stored from here, where the server's configuration would put it.
    const stores = await createImageStores(
      s3
        ? { provider: 's3', s3: s3.s3 }
        : { provider: 'files', imagesDir: path.join(dataDir, 'images'), inputsDir: path.join(dataDir, 'inputs') },
    );
    await stores.images.putFile(`${imageId}.png`, png.file);
    await stores.close();
    // Start-up (argon2 for the user) set a peak of its own: forget it.
    await resetPeak(pid);
    const idleMb = await rssMb(pid, 'VmRSS');
    let peakMb = idleMb;
    const sample = async () => {
      peakMb = Math.max(peakMb, await rssMb(pid, 'VmRSS'));
    };

    const url = `${origin}/api/images/${imageId}`;
    for (let i = 0; i < clients; i += 1) {
      const request = httpGet(url, { agent: false, headers: { token } }, (response) => {
        if (response.statusCode !== 200) return void response.resume();
        response.pause();
        responses.push(response);
      });
      request.on('error', () => undefined);
      requests.push(request);
    }
    const drip = setInterval(() => {
      for (const response of responses) {
        const chunk = response.read(16 * 1024) as Buffer | null;
        if (chunk) receivedBytes += chunk.length;
      }
    }, 250);
    try {
      const startDeadline = Date.now() + 30_000;
      while (responses.length < clients && Date.now() < startDeadline) {
        await sample();
        await sleep(100);
      }
      const end = Date.now() + seconds * 1000;
      while (Date.now() < end) {
        await sample();
        await sleep(100);
      }
    } finally {
      clearInterval(drip);
    }
    peakMb = Math.max(peakMb, await rssMb(pid, 'VmHWM'));
    return {
      storage,
      clients,
      downloading: responses.length,
      seconds,
      pngBytes: png.bytes,
      receivedBytes,
      idleMb,
      peakMb,
    };
  } finally {
    for (const request of requests) request.destroy();
    // Let the server see its clients go before stopping it: stopped mid-way, it would cut the
    // bucket connections of downloads it is still tearing down, and log each.
    await sleep(3000);
    await server.kill('SIGTERM');
    await s3?.close();
    await location.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Removes the result PNG made for this run. */
export async function disposeSlowDownloads() {
  if (resultFile) await (await resultFile).dispose();
  resultFile = undefined;
}

/**
 * One line beside the budget. The old route read the whole file for each request, so each reader
 * pinned a copy: that figure is an estimate (idle + one copy per client), not run, since it would
 * not fit this machine.
 */
export function slowDownloadsLine(d: SlowDownloads): string {
  const mb = (bytes: number) => bytes / (1024 * 1024);
  const oldGb = (d.idleMb + d.clients * mb(d.pngBytes)) / 1024;
  return (
    `web-only server RSS (built, postgres, ${d.storage}) with ${d.downloading}/${d.clients} slow downloads of a ${mb(d.pngBytes).toFixed(0)} MB 4096x4096 PNG for ${d.seconds} s: ` +
    `peak ${d.peakMb.toFixed(0)} MB, ${d.idleMb.toFixed(0)} MB before (budget < 300 MB); clients read ${mb(d.receivedBytes).toFixed(0)} MB; ` +
    `whole-file reads as before: ~${oldGb.toFixed(1)} GB (estimated)`
  );
}
