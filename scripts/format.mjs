// `npm run format` writes Prettier's formatting; `npm run format -- --check` only checks it
// (Prettier itself writes and exits 0 when given both flags).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const check = process.argv.includes('--check');
const rest = process.argv.slice(2).filter((argument) => argument !== '--check');
const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');
const { status } = spawnSync(
  process.execPath,
  [prettier, check ? '--check' : '--write', '--log-level', check ? 'warn' : 'log', ...(rest.length ? rest : ['.'])],
  { stdio: 'inherit' },
);
process.exit(status ?? 1);
