/**
 * `npx tsx bench/throughput-only.ts [generation|tools]…`: just the two throughput rows (decision 042)
 * (generate-image and a tool call through an instant provider, 50 connections, through the job
 * queue), on PGlite and, with TEST_DATABASE_URL or DATABASE_URL, PostgreSQL; each with the load
 * average it ran under, since the machine may be shared, and its ceiling measured in the same run.
 */
import os from 'node:os';
import { benchGenerationOverhead } from './generation.ts';
import type { HttpFigures } from './http.ts';
import { printCpuSplit } from './process-cpu.ts';
import { benchToolOverhead } from './tools.ts';

const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
const kinds = postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const asked = process.argv.slice(2);
const wants = (figure: string) => asked.length === 0 || asked.includes(figure);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const row = (f: HttpFigures, budget: number) =>
  `${f.label.padEnd(52)} ${f.requestsPerSecond.toFixed(0).padStart(6)} req/s (budget >= ${budget})   p50 ${f.p50} ms   p99 ${f.p99} ms` +
  (f.non2xx || f.errors ? `   non-2xx ${f.non2xx} errors ${f.errors}` : '') +
  `   load average ${load()}`;

// Each with its ceiling in the same run: the same request and answer through a Fastify route with nothing else.
const ceiling = (f: HttpFigures) =>
  `${f.label.padEnd(52)} ${f.requestsPerSecond.toFixed(0).padStart(6)} req/s (the ceiling here)   p50 ${f.p50} ms   p99 ${f.p99} ms`;
for (const [figure, bench, budget] of [
  ['generation', benchGenerationOverhead, 250],
  ['tools', benchToolOverhead, 120],
] as const) {
  if (!wants(figure)) continue;
  for (const kind of kinds) {
    const result = await bench(kind);
    console.log(row(result, budget));
    printCpuSplit(result);
    console.log(ceiling(result.answerOnly));
    printCpuSplit(result.answerOnly);
  }
}
