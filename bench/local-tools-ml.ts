/**
 * Time and peak memory of the ML local tools (remove-background, product-photography,
 * replace-background) on the 1024×768 mug fixture. Each tool runs in its own child process, with
 * the environment the server's processes run with, so its peak RSS (VmHWM; not `maxRSS`, which
 * Linux carries over from the parent that starts a child) is its own: one run loads the
 * model (not timed), then three timed runs, each segmenting afresh (the cut-out cache is
 * emptied), and the median is reported. A last row shows
 * product-photography when the cut-out is kept, as when a customer moves a slider and runs again.
 *
 * `npx tsx bench/local-tools-ml.ts` prints the table alone.
 */
import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { builtEnv } from '../apps/server/src/test/built-server.ts';
import { rssMb } from './process-memory.ts';

/** `ms` wall time; `cpuMs` CPU time of every thread of the process (this machine is shared: wall time swings with other sessions' load, CPU time much less). */
export type LocalToolMlRow = { tool: string; ms: number; cpuMs: number; peakRssMb: number };

const fixture = new URL('../packages/imaging/test/fixtures/mug.jpg', import.meta.url);
const tools = {
  'remove-background': {},
  'product-photography': { light_theta: 20, light_phi: 0, light_size: 1.7, shadow_darkness: 0.7 },
  'replace-background': { prompt: 'mountains at sunset' },
} as const;
type Tool = keyof typeof tools;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Inside the child: the figures of one tool, sent to the parent. */
async function measure(tool: Tool): Promise<LocalToolMlRow[]> {
  const [{ run }, { forgetCutouts }] = await Promise.all([
    // Each tool's own params type is narrower; the bench passes each the params listed for it above.
    import(`../packages/imaging/src/tools/${tool}.ts`) as Promise<{
      run: (input: { image: Buffer; params: Record<string, number | string> }) => Promise<unknown>;
    }>,
    import('../packages/imaging/src/segmentation/segment.ts'),
  ]);
  const image = await readFile(fixture);
  const params = tools[tool];
  await run({ image, params });
  const timed = async (runs: Array<() => Promise<unknown>>) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const once of runs) {
      const [start, used] = [performance.now(), process.cpuUsage()];
      await once();
      const { user, system } = process.cpuUsage(used);
      wall.push(performance.now() - start);
      cpu.push((user + system) / 1000);
    }
    return {
      ms: Math.round(median(wall)),
      cpuMs: Math.round(median(cpu)),
      peakRssMb: Math.round(await rssMb(process.pid, 'VmHWM')),
    };
  };
  const fresh = () => {
    forgetCutouts();
    return run({ image, params });
  };
  const rows: LocalToolMlRow[] = [{ tool, ...(await timed([fresh, fresh, fresh])) }];
  if (tool === 'product-photography') {
    const moved = [90, 180, 270].map((phi) => () => run({ image, params: { ...params, light_phi: phi } }));
    rows.push({ tool: `${tool} (cut-out kept, slider moved)`, ...(await timed(moved)) });
  }
  return rows;
}

function inChild(tool: Tool): Promise<LocalToolMlRow[]> {
  return new Promise((resolve, reject) => {
    // With the environment `npm start` and `npm run worker` give the process that runs the tools:
    // glibc's malloc settings decide how much of onnxruntime's freed memory stays resident.
    const child = fork(fileURLToPath(import.meta.url), ['--child', tool], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...builtEnv },
    });
    let rows: LocalToolMlRow[] | undefined;
    child.on('message', (message) => (rows = message as LocalToolMlRow[]));
    child.on('error', reject);
    child.on('exit', (code) => (rows ? resolve(rows) : reject(new Error(`${tool} bench exited with ${code}`))));
  });
}

export async function benchLocalToolsMl(): Promise<LocalToolMlRow[]> {
  const load = os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');
  console.log(
    `\n## local ML tools on the 1024x768 mug fixture (each in its own process; warm, median of 3; peak RSS of that process; load average ${load})`,
  );
  const rows: LocalToolMlRow[] = [];
  for (const tool of Object.keys(tools) as Tool[]) {
    for (const row of await inChild(tool)) {
      rows.push(row);
      // The budget is background removal's own (docs/bench.md): the other tools run it and then more.
      const budget = row.tool === 'remove-background' ? '   (budget <= 3,000 ms, <= 800 MB)' : '';
      console.log(
        `${row.tool.padEnd(52)} ${String(row.ms).padStart(6)} ms   CPU ${String(row.cpuMs).padStart(6)} ms   peak RSS ${String(row.peakRssMb).padStart(5)} MB${budget}`,
      );
    }
  }
  return rows;
}

const [, entry, flag, tool] = process.argv;
if (entry === fileURLToPath(import.meta.url)) {
  if (flag === '--child') {
    process.send!(await measure(tool as Tool));
  } else {
    await benchLocalToolsMl();
  }
}
