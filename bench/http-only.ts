/**
 * `npx tsx bench/http-only.ts [runs]`: just get-credit against a bare Fastify route, as `npm run
 * bench` measures it (decision 042's ratio, budget >= 0.6 on PostgreSQL), `runs` times on each database
 * kind (default 3), with the load average each ran under: one run says little on a shared machine.
 */
import os from 'node:os';
import { benchGetCredit } from './http.ts';

const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
const kinds = postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const runs = Number(process.argv[2] ?? 3);

for (const kind of kinds) {
  for (let run = 1; run <= runs; run += 1) {
    const r = await benchGetCredit(kind);
    const budget = kind === 'postgres' ? ' (budget >= 0.6)' : '';
    console.log(
      `${kind} run ${run}: bare ${r.bare.requestsPerSecond.toFixed(0)} req/s, get-credit ${r.credit.requestsPerSecond.toFixed(0)} req/s (p50 ${r.credit.p50} ms, p99 ${r.credit.p99} ms), ratio ${r.ratio.toFixed(2)}${budget}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  }
}
