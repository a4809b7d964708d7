import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the browser tests and the web bench get their Chromium. Playwright's own browser download
 * is not reachable from our machines, and `npm install && npm test` must work without `apt-get`,
 * so the last resort is the Chromium that `@sparticuz/chromium` carries inside its npm package
 * (docs/decisions/015-chromium-from-npm-when-none-is-installed.md).
 */

/** Flags for every launch: no sandbox (we run as root in CI), nothing phoning home, no GPU on these machines. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Debian, Ubuntu and Google's packages, in that order: the first that exists and may be run wins. */
export const systemChromiumPaths = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
export type FoundChromium = { path: string; source: ChromiumSource };

type FindOptions = {
  env?: NodeJS.ProcessEnv;
  systemPaths?: readonly string[];
  /** Replaces the npm package's extraction (the tests' seam; it writes ~200 MB). */
  extractBundled?: () => string;
};

/** An executable regular file: `/dev/null` bind-mounted over a browser (how we hide one) is neither. */
function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Chromium from `CHROMIUM_PATH`, else a system Chrome/Chromium, else the one inside the
 * `@sparticuz/chromium` package (extracted on first use). A `CHROMIUM_PATH` that cannot be run is an
 * error rather than a reason to look further: whoever set it wants that browser and no other.
 */
export function findChromium({
  env = process.env,
  systemPaths = systemChromiumPaths,
  extractBundled = extractSparticuzChromium,
}: FindOptions = {}): FoundChromium {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (!isExecutableFile(configured)) throw new Error(`CHROMIUM_PATH=${configured} is not an executable file`);
    return { path: configured, source: 'CHROMIUM_PATH' };
  }
  const system = systemPaths.find(isExecutableFile);
  if (system) return { path: system, source: 'system' };
  return { path: extractBundled(), source: '@sparticuz/chromium' };
}

/**
 * The package's own `executablePath()` inflates its brotli files into `os.tmpdir()` (`/tmp/chromium`
 * and friends), shared with every other project on the machine and left half-written if the process
 * dies midway. So it runs in a child whose TMPDIR is a private staging folder, which is then renamed
 * into `node_modules/.cache/lumigen-chromium/<version>`: a folder that exists is always complete,
 * is the package's own version, and goes away with `node_modules`. Synchronous, because Playwright's
 * config must know the path when it is loaded.
 */
export function extractSparticuzChromium(): string {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const target = path.join(packageDir, '../../.cache/lumigen-chromium', version);
  const binary = path.join(target, 'chromium');
  if (isExecutableFile(binary)) return binary;

  const staging = `${target}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const script = 'const { default: chromium } = await import(process.argv[1]); await chromium.executablePath();';
    execFileSync(process.execPath, ['--input-type=module', '-e', script, entry], {
      env: { ...process.env, TMPDIR: staging },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    renameSync(staging, target);
  } catch (error) {
    // Another process (a parallel run) may have renamed its copy first, and may be running it: use it.
    if (!isExecutableFile(binary)) throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}
