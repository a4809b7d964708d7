import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { paintLocally } from '../apps/server/src/modules/generation/providers/local.ts';
import { createImageStores } from '../apps/server/src/modules/images/select-store.ts';
import { startS3Server } from '../apps/server/src/test/s3-server.ts';
import { startTarget } from './http.ts';
import { resetPeak, rssMb } from './process-memory.ts';

/**
 * A 4096×4096 result as an upscale of a photo leaves it: a local painting enlarged 4× with a
 * little grain, which keeps the PNG near the size of an upscaled photo (some 35 MB).
 */
async function upscaledResult(): Promise<Buffer> {
  const { png } = await paintLocally({ prompt: 'a red bicycle leaning on a wall in a sunny street', size: '1024x1024', quality: 'hd', seed: 7 });
  const side = 4096;
  const grain = await sharp({ create: { width: side, height: side, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 4 } } })
    .raw()
    .toBuffer();
  return sharp(png)
    .resize(side, side, { kernel: 'lanczos3' })
    .composite([{ input: grain, raw: { width: side, height: side, channels: 3 }, blend: 'overlay' }])
    .png()
    .toBuffer();
}

export type SlowDownloads = {
  kind: 'pglite' | 'postgres';
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
 * Peak RSS of a web-only instance while `clients` download one 4096×4096 result at once, each
 * reading 16 kB every 250 ms (~64 kB/s, a slow phone), for `seconds` once all have started
 * (docs/architecture.md §5: < 300 MB). Each client is its own connection. Images stored in files,
 * or in an S3 bucket (s3rver in this process, so its memory is not the server's). Afterwards
 * every client hangs up.
 */
export async function benchSlowDownloads(kind: 'pglite' | 'postgres', storage: 'files' | 's3', clients = 300, seconds = 10): Promise<SlowDownloads> {
  const png = await result();
  const imageId = randomUUID();
  const s3 = storage === 's3' ? await startS3Server('lumigen-bench') : undefined;
  const { target, pid, stop } = await startTarget<{ appPort: number; token: string; dataDir: string }>('downloads-target.ts', kind, {
    BENCH_IMAGE_ID: imageId,
    BENCH_IMAGE_BYTES: String(png.bytes),
    ...(s3?.env ?? {}),
  });
  const requests: ClientRequest[] = [];
  const responses: IncomingMessage[] = [];
  let receivedBytes = 0;
  try {
    // Stored from here, where the server's configuration would put it.
    const stores = await createImageStores(s3 ? { provider: 's3', s3: s3.s3 } : { provider: 'files', imagesDir: path.join(target.dataDir, 'images'), inputsDir: path.join(target.dataDir, 'inputs') });
    await stores.images.putFile(`${imageId}.png`, png.file);
    await stores.close();
    // Start-up (argon2 for the user, PGlite's initdb) set a peak of its own: forget it.
    await resetPeak(pid);
    const idleMb = await rssMb(pid, 'VmRSS');
    let peakMb = idleMb;
    const sample = async () => {
      peakMb = Math.max(peakMb, await rssMb(pid, 'VmRSS'));
    };

    const url = `http://127.0.0.1:${target.appPort}/api/images/${imageId}`;
    for (let i = 0; i < clients; i += 1) {
      const request = httpGet(url, { agent: false, headers: { token: target.token } }, (response) => {
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
    return { kind, storage, clients, downloading: responses.length, seconds, pngBytes: png.bytes, receivedBytes, idleMb, peakMb };
  } finally {
    for (const request of requests) request.destroy();
    // Let the server see its clients go before stopping it: stopped mid-way, it would cut the
    // bucket connections of downloads it is still tearing down, and log each.
    await sleep(3000);
    await stop();
    await s3?.close();
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
  const pglite = d.kind === 'pglite' ? ' (PGlite itself holds 400-900 MB: the budget is read on PostgreSQL)' : '';
  return (
    `server RSS (${d.kind}, ${d.storage}) with ${d.downloading}/${d.clients} slow downloads of a ${mb(d.pngBytes).toFixed(0)} MB 4096x4096 PNG for ${d.seconds} s: ` +
    `peak ${d.peakMb.toFixed(0)} MB, ${d.idleMb.toFixed(0)} MB before (budget < 300 MB)${pglite}; clients read ${mb(d.receivedBytes).toFixed(0)} MB; ` +
    `whole-file reads as before: ~${oldGb.toFixed(1)} GB (estimated)`
  );
}
