import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractSparticuzChromium, findChromium } from './find-chromium.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'find-chromium-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, mode: number) {
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\necho fake\n');
  chmodSync(file, mode);
  return file;
}
const configured = file('configured-chrome', 0o755);
const systemA = file('system-a', 0o755);
const systemB = file('system-b', 0o755);
const notExecutable = file('not-executable', 0o644);
const missing = path.join(dir, 'missing');
const noBundled = () => {
  throw new Error('the npm Chromium was extracted although another was found');
};
const bundled = () => path.join(dir, 'from-npm');

describe('findChromium', () => {
  it('takes CHROMIUM_PATH before any system browser', () => {
    expect(
      findChromium({ env: { CHROMIUM_PATH: configured }, systemPaths: [systemA], extractBundled: noBundled }),
    ).toEqual({ path: configured, source: 'CHROMIUM_PATH' });
  });

  it('refuses a CHROMIUM_PATH it cannot run instead of quietly using another browser', () => {
    for (const bad of [notExecutable, missing, dir]) {
      expect(() =>
        findChromium({ env: { CHROMIUM_PATH: bad }, systemPaths: [systemA], extractBundled: noBundled }),
      ).toThrow(`CHROMIUM_PATH=${bad} is not an executable file`);
    }
  });

  it('treats an empty CHROMIUM_PATH (as .env.example leaves it) as unset', () => {
    expect(findChromium({ env: { CHROMIUM_PATH: '' }, systemPaths: [systemA], extractBundled: noBundled })).toEqual({
      path: systemA,
      source: 'system',
    });
  });

  it('takes the first system path that is an executable file, skipping missing, hidden (/dev/null) and non-executable ones', () => {
    expect(
      findChromium({
        env: {},
        systemPaths: [missing, '/dev/null', notExecutable, dir, systemB, systemA],
        extractBundled: noBundled,
      }),
    ).toEqual({ path: systemB, source: 'system' });
  });

  it('falls back to the npm package when no system browser can be run', () => {
    expect(
      findChromium({ env: {}, systemPaths: [missing, '/dev/null', notExecutable], extractBundled: bundled }),
    ).toEqual({ path: bundled(), source: '@sparticuz/chromium' });
  });
});

describe('extractSparticuzChromium', () => {
  // The package exports no package.json: read it beside its entry point.
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(entry), '../package.json'), 'utf8')) as {
    version: string;
  };

  // The first call inflates ~200 MB (a few seconds); later ones, in this run or the next, reuse it.
  it(
    'extracts the package Chromium once, into node_modules/.cache, as a browser that runs here',
    { timeout: 120_000 },
    () => {
      const first = extractSparticuzChromium();
      expect(first).toMatch(
        new RegExp(`node_modules/\\.cache/lumigen-chromium/${version.replaceAll('.', '\\.')}/chromium$`),
      );
      expect(execFileSync(first, ['--version'], { encoding: 'utf8' })).toMatch(
        new RegExp(`^Chromium ${version.split('.')[0]}\\.`),
      );
      expect(extractSparticuzChromium()).toBe(first);
    },
  );
});
