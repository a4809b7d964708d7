// Gives this project's npm scripts a maintained Node.js (decision 046).
//
//   node runtime/install.mjs          run by `npm install`: when the machine's own Node is older than 24,
//                                     installs runtime/node-24 and links node_modules/.bin/node to it, which
//                                     npm puts first on PATH for every script; otherwise removes that link
//   node runtime/install.mjs node-26  installs runtime/node-26 and prints its binary's path (CI's second run)
//
// Plain JavaScript with no dependencies: it runs on whatever Node the machine has, 20 included.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUIRED_MAJOR = 24;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const binDir = path.join(root, 'node_modules', '.bin');
const shim = path.join(binDir, 'node');

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** The first `node` on PATH outside any node_modules/.bin (npm puts those first for scripts): the machine's Node. */
function machineNode() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || path.resolve(dir).endsWith(path.join('node_modules', '.bin'))) continue;
    const candidate = path.join(dir, 'node');
    if (!existsSync(candidate)) continue;
    try {
      const version = execFileSync(candidate, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
      return { path: candidate, version };
    } catch {
      // not runnable: look further
    }
  }
  return { path: process.execPath, version: process.version };
}

/** Installs runtime/<name> from its lockfile and answers the path of the Node binary it holds. */
function installRuntime(name) {
  const dir = path.join(here, name);
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
  const result = spawnSync(command, [...args, 'ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    // npm's own report goes to stderr: stdout carries only the binary's path (CI reads it).
    stdio: ['ignore', process.stderr, 'inherit'],
    env: { ...process.env, npm_config_prefix: undefined, npm_config_workspace: undefined },
  });
  if (result.status !== 0) throw new Error(`npm ci in runtime/${name} failed (exit ${result.status})`);
  const binary = path.join(dir, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
  if (!existsSync(binary)) {
    throw new Error(
      `runtime/${name} carries Node.js for Linux on x64 and arm64 only, not ${process.platform}-${process.arch}: ` +
        `install Node.js ${REQUIRED_MAJOR} LTS or newer on this machine and run npm install again.`,
    );
  }
  return binary;
}

function removeShim() {
  if (!existsSync(shim) && !isLink(shim)) return;
  if (isLink(shim) && readlinkSync(shim).includes(`${path.sep}runtime${path.sep}`)) rmSync(shim);
}

function isLink(file) {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

try {
  const wanted = process.argv[2];
  if (wanted) {
    process.stdout.write(`${installRuntime(wanted)}\n`);
  } else {
    const machine = machineNode();
    if (major(machine.version) >= REQUIRED_MAJOR) {
      removeShim();
    } else {
      const binary = installRuntime(`node-${REQUIRED_MAJOR}`);
      mkdirSync(binDir, { recursive: true });
      if (isLink(shim) || existsSync(shim)) rmSync(shim);
      symlinkSync(path.relative(binDir, binary), shim);
      const version = execFileSync(shim, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
      console.log(
        `This machine's Node.js is ${machine.version}; npm scripts here run on Node.js ${version} from runtime/node-${REQUIRED_MAJOR}.`,
      );
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
