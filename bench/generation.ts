import { monitorEventLoopDelay } from 'node:perf_hooks';
import { imageSizes, modelForSize, type ImageSize } from '@lumigen/contract/generation';
import { paintLocally } from '../apps/server/src/modules/generation/providers/local.ts';
import { traitsOf } from '../packages/imaging/src/painter/prompt-traits.ts';
import { sceneSvg } from '../packages/imaging/src/painter/scene.ts';
import { load, startTarget, type HttpFigures } from './http.ts';

/** Scenes of every kind: their cost differs (gradients, star fields, windows). */
const prompts = [
  'mountains at sunset',
  'a quiet ocean at night with the moon',
  'abstract dream in pink and teal',
  'geometric bauhaus poster',
  'cyberpunk city at night',
  'astronaut exploring a purple galaxy',
  'a misty forest at dawn',
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export type PainterFigures = {
  size: ImageSize;
  runs: number;
  medianMs: number;
  maxMs: number;
  medianSyncMs: number;
  medianBytes: number;
};

/**
 * Wall time of one local painting per size (one at a time, each prompt `rounds` times), and the
 * part of it spent on the event loop: building the SVG. Rendering and encoding run on libuv's pool.
 */
export async function benchLocalPainter(rounds: number): Promise<PainterFigures[]> {
  await paintLocally({ prompt: 'warm-up', size: '256x256', quality: 'standard', seed: 0 });
  const figures: PainterFigures[] = [];
  for (const size of imageSizes) {
    const [width, height] = size.split('x').map(Number) as [number, number];
    const times: number[] = [];
    const syncTimes: number[] = [];
    const bytes: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const [i, prompt] of prompts.entries()) {
        const seed = round * 100 + i;
        let start = performance.now();
        sceneSvg({ width, height, traits: traitsOf(prompt), seed: String(seed), detail: 1 });
        syncTimes.push(performance.now() - start);
        start = performance.now();
        const { png } = await paintLocally({ prompt, size, quality: 'standard', seed });
        times.push(performance.now() - start);
        bytes.push(png.length);
      }
    }
    figures.push({
      size,
      runs: times.length,
      medianMs: median(times),
      maxMs: Math.max(...times),
      medianSyncMs: median(syncTimes),
      medianBytes: median(bytes),
    });
  }
  return figures;
}

/** Event-loop delay while `parallel` 1792x1024 paintings run back to back for `seconds`. */
export async function benchEventLoopWhilePainting(parallel: number, seconds: number) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const until = performance.now() + seconds * 1000;
  let paintings = 0;
  await Promise.all(
    Array.from({ length: parallel }, async (_, lane) => {
      while (performance.now() < until) {
        await paintLocally({
          prompt: prompts[(lane + paintings) % prompts.length]!,
          size: '1792x1024',
          quality: 'hd',
          seed: paintings,
        });
        paintings += 1;
      }
    }),
  );
  histogram.disable();
  return {
    parallel,
    paintings,
    seconds,
    p50Ms: histogram.percentile(50) / 1e6,
    p99Ms: histogram.percentile(99) / 1e6,
    maxMs: histogram.max / 1e6,
  };
}

/**
 * generate-image against a provider that answers at once: the server's own cost per generation;
 * then, in the same run, the same request and answer with nothing else (`answerOnly`: the ceiling).
 */
export async function benchGenerationOverhead(
  kind: 'pglite' | 'postgres',
): Promise<HttpFigures & { pngBytes: number; answerOnly: HttpFigures }> {
  const { target, pid, stop } = await startTarget<{
    appPort: number;
    answerPort: number;
    tokens: string[];
    pngBytes: number;
  }>('generation-target.ts', kind);
  const cpuOf = { pid, postgres: kind === 'postgres' };
  try {
    const body = JSON.stringify({
      prompt: 'a lighthouse on the coast at dusk',
      model: modelForSize['512x512'],
      size: '512x512',
      quality: 'standard',
    });
    const figures = await load(
      `generate-image, instant fake provider (${kind})`,
      `http://127.0.0.1:${target.appPort}/api/image/generate-image`,
      target.tokens,
      body,
      { cpuOf },
    );
    const answerOnly = await load(
      `the same answer alone, no database (${kind} run)`,
      `http://127.0.0.1:${target.answerPort}/answer`,
      [],
      body,
      { cpuOf },
    );
    return { ...figures, pngBytes: target.pngBytes, answerOnly };
  } finally {
    await stop();
  }
}
