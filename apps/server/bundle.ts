/**
 * `npm run build -w @lumigen/server`: the server and the worker as plain
 * JavaScript in `dist/`, our own TypeScript (the server's and the workspace packages') bundled, every
 * npm dependency left to node_modules. `npm start` runs this instead of compiling under tsx: the
 * compiler, the TypeScript sources and their source maps cost some 90 MB of resident memory in every
 * process (docs/decisions/030-server-runs-built.md). Source maps are written beside the bundle for
 * `NODE_OPTIONS=--enable-source-maps`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const manifests = ['package.json', '../../packages/imaging/package.json', '../../packages/contract/package.json'];
const dependencies = manifests.flatMap((manifest) => {
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(root, manifest), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(dependencies).filter((name) => !name.startsWith('@lumigen/'));
});

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts'].map((entry) => path.join(root, entry)),
  outdir: path.join(root, 'dist'),
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  external: dependencies.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
