import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildServer, builtEntries, builtEnv } from '../apps/server/src/test/built-server.ts';
import { spawnEntry, type SpawnedProcess } from '../apps/server/src/test/spawned-process.ts';
import { resetPeak, rssMb } from './process-memory.ts';

export type StartMemory = {
  idleMb: number;
  signUps: number;
  created: number;
  peakMb: number;
  afterMb: number;
  restartedIdleMb: number;
};

/**
 * The embedded default as `npm start` runs it (the built dist/server.js, PGlite in a fresh DATA_DIR,
 * jobs in process): resident memory once listening and settled, then the peak during `signUps`
 * concurrent sign-ups (argon2id each) and what it still holds once they have settled
 * (docs/architecture.md §5: < 250 MB idle, < 400 MB after 50 sign-ups). A fresh DATA_DIR runs
 * PGlite's initdb first, so the idle figure is read again after a restart on the same directory.
 */
export async function benchStartMemory(signUps = 50, settleMs = 5000): Promise<StartMemory> {
  buildServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-bench-start-'));
  // Sign-ups all come from 127.0.0.1 here; the per-IP limit would answer 429 from the 31st.
  const start = () =>
    spawnEntry(builtEntries.server, {
      ...builtEnv,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_IP_MAX: '1000',
    });
  const listening = async (server: SpawnedProcess) =>
    (await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 120_000))[1]!;
  let server = start();
  try {
    const origin = await listening(server);
    const pid = server.child.pid!;
    await sleep(settleMs);
    const idleMb = await rssMb(pid, 'VmRSS');
    await resetPeak(pid);
    const statuses = await Promise.all(
      Array.from({ length: signUps }, async (_, i) => {
        const response = await fetch(`${origin}/api/user/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Memory ${i}`,
            email: `memory.${process.pid}.${i}@example.com`,
            password: 'bench password',
          }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const peakMb = await rssMb(pid, 'VmHWM');
    await sleep(settleMs);
    const afterMb = await rssMb(pid, 'VmRSS');

    await server.kill('SIGTERM');
    server = start();
    await listening(server);
    await sleep(settleMs);
    const restartedIdleMb = await rssMb(server.child.pid!, 'VmRSS');
    return {
      idleMb,
      signUps,
      created: statuses.filter((status) => status === 201).length,
      peakMb: Math.max(peakMb, afterMb),
      afterMb,
      restartedIdleMb,
    };
  } finally {
    await server.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const startMemoryLines = (m: StartMemory) => [
  `idle RSS of npm start on PGlite (dist/server.js, fresh DATA_DIR, settled 5 s after listening, initdb included): ${m.idleMb.toFixed(0)} MB (budget < 250 MB)`,
  `after ${m.signUps} concurrent sign-ups (${m.created} created): ${m.afterMb.toFixed(0)} MB once settled, peak ${m.peakMb.toFixed(0)} MB meanwhile (budget < 400 MB)`,
  `idle RSS restarted on that DATA_DIR (no initdb): ${m.restartedIdleMb.toFixed(0)} MB (budget < 250 MB)`,
];
