import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { builtEnv } from '../apps/server/src/test/built-server.ts';
import { countCpu, type CpuSplit } from './process-cpu.ts';

export type HttpFigures = {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpu?: CpuSplit;
};

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

/**
 * Runs a target script (`http-target.ts`, `generation-target.ts`) in a process of its own, so
 * the load generator does not share its event loop; it prints one JSON line once listening.
 * `env` adds variables for that process alone. With BENCH_TARGET_PROF=<dir> each target writes a
 * V8 CPU profile of its main thread there when it stops (Node refuses --cpu-prof in NODE_OPTIONS).
 */
export async function startTarget<T>(script: string, kind: 'pglite' | 'postgres', env: Record<string, string> = {}) {
  const profile = process.env.BENCH_TARGET_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_TARGET_PROF}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', path.join(import.meta.dirname, script), kind, String(connections)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      // With the environment `npm start` adds, so a figure is the process operators run.
      env: { ...process.env, ...builtEnv, ...env },
    },
  );
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return {
    target: JSON.parse(line) as T,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

export type LoadOptions = {
  method?: 'GET' | 'POST';
  contentType?: string;
  connections?: number;
  /** Counts where the measured run's CPU went: this server process, and PostgreSQL when `postgres`. */
  cpuOf?: { pid: number; postgres: boolean };
};

/** `tokens`, when given, signs each connection in as a different user. */
export async function load(
  label: string,
  url: string,
  tokens: string[] = [],
  body: string | Buffer = '{}',
  more: LoadOptions = {},
): Promise<HttpFigures> {
  let next = 0;
  const { method = 'POST', contentType = 'application/json' } = more;
  const options = {
    url,
    connections: more.connections ?? connections,
    requests: [
      {
        method,
        headers: method === 'GET' ? {} : { 'content-type': contentType },
        ...(method === 'GET' ? {} : { body }),
        setupRequest: (request: autocannon.Request, context: { token?: string }) => {
          if (tokens.length === 0) return request;
          context.token ??= tokens[next++ % tokens.length];
          return { ...request, headers: { ...request.headers, token: context.token! } };
        },
      },
    ],
  };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, pools, prepared statements
  const cpu = more.cpuOf && countCpu(more.cpuOf.pid, more.cpuOf.postgres);
  const result = await autocannon({ ...options, duration: durationSeconds });
  return {
    ...(cpu ? { cpu: cpu.perRequest(result.requests.total) } : {}),
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Bare Fastify route against an authenticated get-credit, on one database kind, in one run. */
export async function benchGetCredit(kind: 'pglite' | 'postgres') {
  const { target, stop } = await startTarget<{ barePort: number; appPort: number; tokens: string[] }>(
    'http-target.ts',
    kind,
  );
  try {
    const bare = await load(`bare Fastify route (${kind} run)`, `http://127.0.0.1:${target.barePort}/bare`);
    const credit = await load(
      `get-credit, ${target.tokens.length} users (${kind})`,
      `http://127.0.0.1:${target.appPort}/api/image/get-credit`,
      target.tokens,
    );
    return { kind, bare, credit, ratio: credit.requestsPerSecond / bare.requestsPerSecond };
  } finally {
    await stop();
  }
}
