/**
 * `npx tsx bench/load-only.ts [load|memory]…`: just the load and memory figures of `npm run bench` (both
 * when none is named): the mixed load on PostgreSQL, and the embedded server's memory.
 * BENCH_LOAD_SECONDS and BENCH_LOAD_USERS shorten the load while developing (default 60 s, 200 users).
 */
import os from 'node:os';
import { benchLoad, loadLines } from './load.ts';
import { benchStartMemory, startMemoryLines } from './start-memory.ts';

const asked = process.argv.slice(2);
const wants = (figure: string) => asked.length === 0 || asked.includes(figure);

console.log(
  `Lumigen load bench — ${new Date().toISOString()} — ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (wants('memory')) for (const line of startMemoryLines(await benchStartMemory())) console.log(line);
if (wants('load')) for (const line of loadLines(await benchLoad())) console.log(line);
// Anything else that ran meanwhile shows here: the figures above are only worth an idle machine's.
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
