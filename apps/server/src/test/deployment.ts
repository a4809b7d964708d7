import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { spawnEntry, type SpawnedProcess } from './spawned-process.ts';

const sourceEntries = {
  server: path.join(import.meta.dirname, '..', 'server.ts'),
  worker: path.join(import.meta.dirname, '..', 'worker.ts'),
};

/** A web-only instance: its address, and its process (for its memory or its output). */
export type WebInstance = { origin: string; process: SpawnedProcess };

/**
 * Decision 022's deployment as separate processes: web-only instances (`npm start` with
 * WORKERS_IN_PROCESS=0) and `npm run worker` processes, each with a DATA_DIR of its own under
 * `root`, configured by `env` alone (a shared DATABASE_URL and S3 bucket make them one
 * deployment). The multi-process test and the load bench both start theirs here; `entries` are the
 * sources (tests) or the built bundle (the bench, as operators run it: test/built-server.ts).
 */
export function createDeployment(
  root: string,
  env: Record<string, string>,
  spawnOptions: { keepOutputChars?: number } = {},
  entries: { server: string; worker: string } = sourceEntries,
) {
  const spawned: SpawnedProcess[] = [];
  const dataDirOf = (name: string) => path.join(root, name);

  // Each is kept as soon as it exists, so stop() ends it even when another fails to start.
  async function start(
    entry: string,
    name: string,
    more: Record<string, string>,
    ready: RegExp,
  ): Promise<{ started: SpawnedProcess; match: RegExpMatchArray }> {
    await mkdir(dataDirOf(name), { recursive: true });
    const started = spawnEntry(entry, { ...env, DATA_DIR: dataDirOf(name), ...more }, spawnOptions);
    spawned.push(started);
    // A busy machine can take a while (tsx compiling, the first process migrating the database).
    return { started, match: await started.waitFor(ready, 90_000) };
  }

  return {
    dataDirOf,
    spawned,
    async startInstance(name: string, more: Record<string, string> = {}): Promise<WebInstance> {
      const { started, match } = await start(
        entries.server,
        name,
        { PORT: '0', HOST: '127.0.0.1', WORKERS_IN_PROCESS: '0', ...more },
        /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
      );
      return { origin: match[1]!, process: started };
    },
    async startWorker(name = 'worker', more: Record<string, string> = {}): Promise<SpawnedProcess> {
      return (await start(entries.worker, name, more, /worker taking jobs/)).started;
    },
    /** Ends every process it started, at once (SIGKILL: nothing of theirs is kept). */
    async stop() {
      await Promise.allSettled(spawned.map((child) => child.kill('SIGKILL')));
    },
  };
}

export type Deployment = ReturnType<typeof createDeployment>;
