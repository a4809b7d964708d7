import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { serverRoot } from '../server-root.ts';

/** The entry points `npm start` and `npm run worker` run, once `buildServer()` has made them. */
export const builtEntries = {
  server: path.join(serverRoot, 'dist/server.js'),
  worker: path.join(serverRoot, 'dist/worker.js'),
};

/**
 * The environment `npm start` and `npm run worker` add (apps/server/package.json): glibc gives
 * freed memory back from 128 kB up instead of keeping up to 32 MB per arena (decision 030).
 */
export const builtEnv = { MALLOC_TRIM_THRESHOLD_: '131072' };

/** Bundles the server as `npm run build` does (about a second), for a bench that measures what operators run. */
export function buildServer(): void {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'bundle.ts')], { stdio: 'inherit' });
}
