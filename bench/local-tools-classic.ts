/**
 * The classic local tools (upscale, uncrop, cleanup, remove-text, reimagine) on 1024×768 inputs:
 * wall time (warm, median of 3), CPU time, and peak RSS. Each tool runs in a process of its own,
 * so its peak RSS (VmHWM: model, wasm heap and buffers included) is its own. Not `maxRSS`: Linux
 * carries the parent's peak into a child it starts, so a bench grown large reported its own peak.
 *
 * `npx tsx bench/local-tools-classic.ts` runs it alone; bench/index.ts may call
 * `benchLocalToolsClassic()`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ToolInput } from '@lumigen/imaging';
import { rssMb } from './process-memory.ts';

export type LocalToolFigures = { tool: string; ms: number; cpuMs: number; peakRssMb: number; output: string };

const fixtures = path.join(import.meta.dirname, '../packages/imaging/test/fixtures');

type Case = {
  tool: 'upscale' | 'uncrop' | 'cleanup' | 'remove-text' | 'reimagine';
  label: string;
  input: () => Promise<ToolInput>;
};

/** The inputs: 1024×768 each (the ESRGAN row shows the network on the small input it is used for). */
export const benchCases: Case[] = [
  {
    tool: 'upscale',
    label: 'upscale 1024×768 → 2048×1536 (lanczos3)',
    input: async () => ({
      image: await readFile(path.join(fixtures, 'landscape-1024x768.jpg')),
      params: { target_width: 2048, target_height: 1536 },
    }),
  },
  {
    tool: 'upscale',
    label: 'upscale 256×192 → 1024×768 (ESRGAN ×4)',
    input: async () => ({
      image: await readFile(path.join(fixtures, 'landscape-256x192.jpg')),
      params: { target_width: 1024, target_height: 768 },
    }),
  },
  {
    tool: 'uncrop',
    label: 'uncrop 1024×768, 50 px each side',
    input: async () => ({
      image: await readFile(path.join(fixtures, 'landscape-1024x768.jpg')),
      params: { extend_left: 50, extend_right: 50, extend_up: 50, extend_down: 50 },
    }),
  },
  {
    tool: 'uncrop',
    label: 'uncrop 1024×768, 300 px left and right',
    input: async () => ({
      image: await readFile(path.join(fixtures, 'landscape-1024x768.jpg')),
      params: { extend_left: 300, extend_right: 300, extend_up: 0, extend_down: 0 },
    }),
  },
  { tool: 'cleanup', label: 'cleanup 1024×768, ball and shadow (4% of the picture)', input: cleanupInput },
  {
    tool: 'remove-text',
    label: 'remove-text 1024×768, three lines',
    input: async () => ({ image: await readFile(path.join(fixtures, 'text-on-linen-1024x768.jpg')), params: {} }),
  },
  {
    tool: 'reimagine',
    label: 'reimagine 1024×768',
    input: async () => ({
      image: await readFile(path.join(fixtures, 'landscape-1024x768.jpg')),
      params: { seed: 'bench' },
    }),
  },
];

/** The cleanup fixture (512×384) and its mask, enlarged to the bench's 1024×768. */
export async function cleanupInput(): Promise<ToolInput<'cleanup'>> {
  const { default: sharp } = await import('sharp');
  const image = await sharp(path.join(fixtures, 'ball-on-paving-512x384.jpg'))
    .resize(1024, 768, { kernel: 'lanczos3' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const mask = await sharp(path.join(fixtures, 'ball-on-paving-512x384.mask.png')).resize(1024, 768).png().toBuffer();
  return { image, mask, params: {} };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Inside the child: one warm-up run, then three measured ones. */
async function measure(index: number): Promise<LocalToolFigures> {
  const item = benchCases[index]!;
  const { run } = await import(`../packages/imaging/src/tools/${item.tool}.ts`);
  const input = await item.input();
  await run(input);
  const times: number[] = [];
  const cpu: number[] = [];
  let output = '';
  for (let i = 0; i < 3; i += 1) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const result = await run(input);
    const used = process.cpuUsage(cpuStart);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
    output = `${result.width}×${result.height}`;
  }
  return {
    tool: item.label,
    ms: Math.round(median(times)),
    cpuMs: Math.round(median(cpu)),
    peakRssMb: Math.round(await rssMb(process.pid, 'VmHWM')),
    output,
  };
}

export async function benchLocalToolsClassic(): Promise<LocalToolFigures[]> {
  const rows: LocalToolFigures[] = [];
  for (const [index, item] of benchCases.entries()) {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(index)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: process.env,
      },
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    const line = out.trim().split('\n').at(-1) ?? '';
    if (code !== 0 || !line.startsWith('{')) throw new Error(`${item.label}: the bench child failed (exit ${code})`);
    const row = JSON.parse(line) as LocalToolFigures;
    rows.push(row);
    console.log(
      `${row.tool.padEnd(56)} ${String(row.ms).padStart(6)} ms   cpu ${String(row.cpuMs).padStart(6)} ms   peak RSS ${String(row.peakRssMb).padStart(5)} MB   → ${row.output}`,
    );
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === '--child') {
    console.log(JSON.stringify(await measure(Number(process.argv[3]))));
  } else {
    console.log('## classic local tools: warm, median of 3, one process per tool');
    await benchLocalToolsClassic();
  }
}
