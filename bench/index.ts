/**
 * `npm run bench`: measured figures against docs/architecture.md §5's budgets. Nothing here passes or
 * fails a build; it prints what it measured on this machine, now.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { benchSlowDownloads, disposeSlowDownloads, slowDownloadsLine } from './downloads.ts';
import { benchEventLoopWhilePainting, benchGenerationOverhead, benchLocalPainter } from './generation.ts';
import { benchGetCredit, type HttpFigures } from './http.ts';
import { benchLoad, loadLines } from './load.ts';
import { benchStartMemory, startMemoryLines } from './start-memory.ts';
import { benchJobsSection } from './jobs-section.ts';
import { benchJobEvents, jobEventsLine } from './job-events.ts';
import { benchHealthUnderStreamFlood, streamFloodLine } from './stream-flood.ts';
import { benchImageSearch, imageSearchLines } from './image-search.ts';
import { benchHealthWhileEditing, benchToolOverhead, benchUploadMemory } from './tools.ts';
import { benchLocalToolsClassic } from './local-tools-classic.ts';
import { benchLocalToolsMl } from './local-tools-ml.ts';
import { defaultAdminUrl, unreachable } from './postgres.ts';
import { printCpuSplit } from './process-cpu.ts';
import { benchWeb } from './web.ts';

const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
const kinds = postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const row = (f: HttpFigures) =>
  `${f.label.padEnd(44)} ${f.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms` +
  (f.non2xx || f.errors ? `   non-2xx ${f.non2xx} errors ${f.errors}` : '');

// A throughput figure is only worth an idle machine's: printed beside each.
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

console.log(`Lumigen bench — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}`);
console.log(
  `\n## get-credit vs a bare Fastify route (${process.env.BENCH_CONNECTIONS ?? 50} connections, ${process.env.BENCH_SECONDS ?? 8} s each, app logging at warn)`,
);
// The comparison is the strict one: the bare route has none of the app's hooks, so the ratio
// prices everything the app adds on get-credit's path, not only the route's own work.
console.log(
  'bare: a Fastify instance of its own (no logger, no hooks, no database) in the target process; get-credit: the whole app, in the same process (security headers, CORS, request ids and logger, metrics, token check and the session-and-balance query)',
);
const results = [];
for (const kind of kinds) {
  const result = await benchGetCredit(kind);
  results.push(result);
  console.log(row(result.bare));
  console.log(row(result.credit));
  // docs/architecture.md §5 asked 0.4; docs/bench.md asks 0.6, without a cached balance.
  const budget = kind === 'postgres' ? ' (budget on PostgreSQL: >= 0.6)' : '';
  console.log(
    `ratio get-credit / bare on ${kind}: ${result.ratio.toFixed(2)}${budget} (load average ${os.loadavg()[0]!.toFixed(2)})\n`,
  );
}
if (!postgresUrl) console.log('PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL to measure it.');

const rounds = Number(process.env.BENCH_PAINT_ROUNDS ?? 3);
console.log(`\n## local generator, one painting at a time (7 prompts × ${rounds} rounds per size, standard quality)`);
const painter = await benchLocalPainter(rounds);
for (const f of painter) {
  console.log(
    `${f.size.padEnd(10)} median ${f.medianMs.toFixed(0).padStart(4)} ms   max ${f.maxMs.toFixed(0).padStart(4)} ms   on the event loop ${f.medianSyncMs.toFixed(2)} ms   PNG ${(f.medianBytes / 1e6).toFixed(2)} MB`,
  );
}
const loop = await benchEventLoopWhilePainting(4, 5);
console.log(
  `event loop while ${loop.parallel} HD 1792x1024 paintings run (${loop.paintings} in ${loop.seconds} s): delay p50 ${loop.p50Ms.toFixed(1)} ms, p99 ${loop.p99Ms.toFixed(1)} ms, max ${loop.maxMs.toFixed(1)} ms`,
);

console.log(
  `\n## generate-image with a zero-latency fake provider (${process.env.BENCH_CONNECTIONS ?? 50} connections, ${process.env.BENCH_SECONDS ?? 8} s each)`,
);
const generation = [];
for (const kind of kinds) {
  const result = await benchGenerationOverhead(kind);
  generation.push(result);
  console.log(
    `${row(result)}   PNG ${(result.pngBytes / 1e3).toFixed(0)} kB per image   (budget >= 250 req/s)   load average ${loadAverage()}`,
  );
  printCpuSplit(result);
  console.log(`${row(result.answerOnly)}   the ceiling here: the same request and answer, nothing else`);
  printCpuSplit(result.answerOnly);
}

console.log('\n## paid work as jobs (decision 022): through the queue, in-process workers');
const jobs = await benchJobsSection(kinds);
// Needs PostgreSQL: TEST_DATABASE_URL or DATABASE_URL, else the shared default on 127.0.0.1:5432.
const jobEvents = await benchJobEvents(postgresUrl ?? defaultAdminUrl);
console.log(jobEventsLine(jobEvents));
const streamFlood = [];
for (const kind of kinds) {
  const result = await benchHealthUnderStreamFlood(kind);
  streamFlood.push(result);
  console.log(streamFloodLine(result));
}

console.log(
  '\n## searching one account’s images: GET /api/images through the whole app, 10,000 images of the account beside two others’ (decision 053)',
);
const imageSearch = [];
for (const kind of kinds) {
  const figures = await benchImageSearch(kind);
  imageSearch.push(figures);
  for (const line of imageSearchLines(figures)) console.log(line);
}

console.log(
  `\n## editing tools: remove-background through a zero-latency fake Clipdrop (${process.env.BENCH_CONNECTIONS ?? 50} connections, ${process.env.BENCH_SECONDS ?? 8} s each)`,
);
const toolOverhead = [];
for (const kind of kinds) {
  const result = await benchToolOverhead(kind);
  toolOverhead.push(result);
  console.log(
    `${row(result)}   upload ${(result.uploadBytes / 1e3).toFixed(0)} kB JPEG, answer ${(result.answerBytes / 1e3).toFixed(0)} kB PNG   (budget >= 120 req/s)   load average ${loadAverage()}`,
  );
  printCpuSplit(result);
  console.log(`${row(result.answerOnly)}   the ceiling here: the same upload and answer, nothing else`);
  printCpuSplit(result.answerOnly);
}
// PGlite's process keeps ~900 MB it once used (initdb, argon2 for the bench users) and reuses it,
// so growth shows best on PostgreSQL.
const uploadMemory = [];
for (const kind of kinds) {
  const m = await benchUploadMemory(kind);
  uploadMemory.push({ kind, ...m });
  console.log(
    `server RSS (${kind}) with ${m.parallel} concurrent ${(m.uploadBytes / 1e6).toFixed(1)} MB uploads, ${m.rounds} rounds, ${m.ok}/${m.total} edited: peak ${m.peakMb.toFixed(0)} MB, ${m.idleMb.toFixed(0)} MB before (budget < 400 MB)`,
  );
}
// The budgeted case is background removal; remove-text (PaddleOCR on onnxruntime, then inpainting)
// is real local ML too, for when remove-background is not there yet.
const healthWhileEditing = [];
for (const tool of ['remove-background', 'remove-text'] as const) {
  const h = await benchHealthWhileEditing(kinds[0], tool);
  healthWhileEditing.push(h);
  if ('skipped' in h) console.log(`/api/health while 4 × ${tool} run on the local pool: skipped (${h.skipped})`);
  else {
    console.log(`${row(h.health)}   (budget p99 < 50 ms)`);
    console.log(
      `  meanwhile ${h.edits} edits done (${h.failed} failed), median ${(h.editMedianMs / 1000).toFixed(1)} s each with ${h.parallel} in flight on ${process.env.TOOLS_LOCAL_THREADS ?? 2} threads`,
    );
  }
}

console.log(
  '\n## 300 slow downloads of a 4096x4096 result from a web-only instance (GET /api/images/:id streams from the store)',
);
const slowDownloads = [];
const downloadsAdminUrl = postgresUrl ?? defaultAdminUrl;
const noPostgres = await unreachable(downloadsAdminUrl);
if (noPostgres) console.log(`skipped: a web-only instance needs PostgreSQL; ${noPostgres}`);
else {
  for (const storage of ['files', 's3'] as const) {
    const d = await benchSlowDownloads(downloadsAdminUrl, storage);
    slowDownloads.push(d);
    console.log(slowDownloadsLine(d));
  }
}
await disposeSlowDownloads();

console.log('\n## memory of the embedded default (`npm start`, PGlite)');
const startMemory = await benchStartMemory();
for (const line of startMemoryLines(startMemory)) console.log(line);

// PostgreSQL by TEST_DATABASE_URL or DATABASE_URL, else the shared default on 127.0.0.1:5432.
const loadUsers = process.env.BENCH_LOAD_USERS ?? 200;
const loadSeconds = process.env.BENCH_LOAD_SECONDS ?? 60;
console.log(
  `\n## mixed load, ${loadUsers} virtual users for ${loadSeconds} s: two web-only instances and one worker (local generator and tools), PostgreSQL, S3 server (load average now ${os.loadavg()[0]!.toFixed(1)})`,
);
const load = await benchLoad();
for (const line of loadLines(load)) console.log(line);

const localToolsMl = await benchLocalToolsMl();
console.log('\n## classic local tools on 1024x768 fixtures (each in its own process; warm, median of 3)');
const localToolsClassic = await benchLocalToolsClassic();

console.log('\n## Web app (built app served by the real server; run `npm run build` first)');
const web = await benchWeb();

await mkdir('reports', { recursive: true });
await writeFile(
  'reports/bench.json',
  JSON.stringify(
    {
      at: new Date().toISOString(),
      getCredit: results,
      localPainter: painter,
      eventLoopWhilePainting: loop,
      generation,
      jobs,
      jobEvents,
      streamFlood,
      imageSearch,
      toolOverhead,
      uploadMemory,
      slowDownloads,
      healthWhileEditing,
      startMemory,
      load,
      localToolsMl,
      localToolsClassic,
      web,
    },
    null,
    2,
  ),
);
