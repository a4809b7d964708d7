import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The real server with the built web app, on an embedded database of its own, for page figures. */
export async function startWebServer(port: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-bench-web-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../apps/server/src/server.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  // A busy machine can take a while (tsx compiling the server, PGlite's first start).
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`the web server on port ${port} did not start (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
