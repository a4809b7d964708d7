import os from 'node:os';
import { load, startTarget, type HttpFigures } from './http.ts';

export type StreamFloodFigures = {
  kind: string;
  lanes: number;
  opened: number;
  refused: number;
  failed: number;
  seconds: number;
  quiet: HttpFigures;
  health: HttpFigures;
};

/**
 * `/api/health` while one account floods `/api/jobs/:id/events` opens on its unfinished job (the
 * audit's case: thousands of opens stalled health for 25 s). `lanes` clients open streams as fast
 * as they are answered: an accepted stream is held a second, then closed (so opening goes on
 * costing its query), a refused one (429) is asked again at once. The server is a process of its
 * own (`stream-flood-target.ts`); health is measured by autocannon meanwhile, and before the flood
 * (`quiet`): on a shared machine the difference is the flood's.
 */
export async function benchHealthUnderStreamFlood(
  kind: 'pglite' | 'postgres',
  lanes = 64,
): Promise<StreamFloodFigures> {
  const { target, stop } = await startTarget<{ appPort: number; token: string; jobId: string }>(
    'stream-flood-target.ts',
    kind,
  );
  const origin = `http://127.0.0.1:${target.appPort}`;
  let running = true;
  let opened = 0;
  let refused = 0;
  let failed = 0;
  try {
    const quiet = await load(`/api/health, no flood (${kind})`, `${origin}/api/health`, [], '', {
      method: 'GET',
      connections: 4,
    });
    const flood = Array.from({ length: lanes }, async () => {
      while (running) {
        const abort = new AbortController();
        try {
          const response = await fetch(`${origin}/api/jobs/${target.jobId}/events`, {
            headers: { token: target.token },
            signal: abort.signal,
          });
          if (response.status === 200) {
            opened += 1;
            await new Promise((resolve) => setTimeout(resolve, 1_000));
          } else {
            await response.arrayBuffer();
            if (response.status === 429) refused += 1;
            else failed += 1;
          }
        } catch {
          failed += 1;
        } finally {
          abort.abort();
        }
      }
    });
    // The flood in full swing before health is asked.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const startedAt = performance.now();
    const health = await load(
      `/api/health while ${lanes} clients of one account flood event-stream opens (${kind})`,
      `${origin}/api/health`,
      [],
      '',
      { method: 'GET', connections: 4 },
    );
    const seconds = (performance.now() - startedAt) / 1000;
    running = false;
    await Promise.all(flood);
    return { kind, lanes, opened, refused, failed, seconds: Math.round(seconds), quiet, health };
  } finally {
    await stop();
  }
}

export function streamFloodLine(f: StreamFloodFigures): string {
  return (
    `/api/health during an event-stream flood (${f.kind}, ${f.lanes} clients of one account, ${f.seconds} s): p50 ${f.health.p50} ms, p99 ${f.health.p99} ms, ` +
    `${f.health.requestsPerSecond.toFixed(0)} req/s (budget p99 < 100 ms; without the flood p50 ${f.quiet.p50} ms, p99 ${f.quiet.p99} ms); streams opened ${f.opened}, refused 429 ${f.refused}, failed ${f.failed}; load average ${os.loadavg()[0]!.toFixed(1)}`
  );
}
