/**
 * `npm run bench:web`: only the web app's figures (first-load bytes, Lighthouse), without the
 * server and ML benches. Run `npm run build` first. BENCH_WEB_PAGES=/,/login picks pages (any page: one outside the usual six is measured signed out),
 * BENCH_LIGHTHOUSE_RUNS the runs per page, BENCH_LHR_DIR keeps every full Lighthouse report.
 */
import os from 'node:os';
import { benchWeb } from './web.ts';

console.log(
  `Lumigen web bench — ${new Date().toISOString()} — ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await benchWeb();
