import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAi } from './test/fake-openai.ts';
import { runtimeRefusal } from './runtime.ts';
import { startTestApp } from './test/harness.ts';

describe('shutdown', () => {
  it('finishes a request in flight when the app closes, and refuses new ones', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    // Closed only once the request is in the handler: a fixed pause lost the race on a busy machine.
    const inHandler = new Promise<void>((resolve) => (arrived = resolve));
    const t = await startTestApp('pglite', {}, {}, (app) => {
      app.get('/api/slow', async () => {
        arrived();
        await gate;
        return { done: true };
      });
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/api/slow`);
    await inHandler;
    const closing = t.app.close();
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await t.database.close();
    await t.location.dispose();
  });

  it('the server process exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-server-'));
    const port = 20_000 + (process.pid % 10_000);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // A first start runs PGlite's initdb: ~4 s idle, past 10 s on a busy CI machine.
      for (let i = 0; i < 1_500 && !/Server listening/.test(output); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok' });
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
      // The Node it runs on comes first, then the providers of the embedded default in one line.
      expect(output).toContain(`"msg":"runtime: Node.js ${process.version}"`);
      expect(output.indexOf('"msg":"runtime: Node.js')).toBeLessThan(output.indexOf('"msg":"providers: '));
      expect(output).toContain(
        '"msg":"providers: generation: local; tools: local; payments: local (test mode: no money moves); storage: files in',
      );
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
    // A first start under tsx compiles the server and runs PGlite's initdb: past a minute on a loaded machine.
  }, 180_000);
});

describe('the Node.js it runs on', () => {
  const entry = path.join(import.meta.dirname, 'server.ts');
  const refusalOf = (version: string) =>
    new RegExp(
      `^Lumigen needs Node\\.js 24 or newer, and this is Node\\.js ${version.replaceAll('.', '\\.')}: start it through npm .*docs/deploy\\.md, "Node\\.js"\\)\\.\\n$`,
    );

  it('refuses a Node older than 24 in one line that says which it found and what to do', () => {
    expect(runtimeRefusal('v20.20.2')).toMatch(
      /Node\.js 24 or newer, and this is Node\.js v20\.20\.2: start it through npm \(npm start, npm run worker\)/,
    );
    expect(runtimeRefusal('v22.23.3')).toMatch(/this is Node\.js v22\.23\.3/);
    expect([runtimeRefusal('v24.0.0'), runtimeRefusal('v26.12.1'), runtimeRefusal(process.version)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  /** Runs the server entry in a child Node, prefixed by `prelude`; answers its exit code and output. */
  async function run(node: string, prelude = '') {
    const code = `${prelude}await import(${JSON.stringify(pathToFileURL(entry).href)});`;
    const child = spawn(node, ['--import', 'tsx', '--input-type=module', '-e', code], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '1',
        DATA_DIR: path.join(os.tmpdir(), 'lumigen-never-created'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [exitCode] = await once(child, 'exit');
    return { exitCode, stdout, stderr };
  }

  it('the server entry exits with that line before loading anything else', async () => {
    const { exitCode, stdout, stderr } = await run(
      process.execPath,
      "Object.defineProperty(process, 'version', { value: 'v20.20.2' });",
    );
    expect(exitCode).toBe(1);
    expect(stderr).toMatch(refusalOf('v20.20.2'));
    expect(stdout).toBe('');
  });

  // The machine's own Node, when it is an older one (these machines have 20): the real thing.
  const machineNode = olderNodeOnPath();
  it.runIf(machineNode)(`the server entry refuses the machine's own older Node (${machineNode?.version})`, async () => {
    const { exitCode, stderr } = await run(machineNode!.path);
    expect(exitCode).toBe(1);
    expect(stderr).toMatch(refusalOf(machineNode!.version));
  });
});

/** The first `node` on PATH outside node_modules/.bin whose major is below 24, if any. */
function olderNodeOnPath(): { path: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.endsWith(path.join('node_modules', '.bin'))) continue;
    const candidate = path.join(dir, 'node');
    if (!existsSync(candidate)) continue;
    const version = execFileSync(candidate, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    return runtimeRefusal(version) ? { path: candidate, version } : undefined;
  }
  return undefined;
}

describe('start-up with test payments', () => {
  /** Runs the server process with `env` until it listens (then stops it) or exits by itself. */
  async function start(env: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-server-'));
    const port = 21_000 + (process.pid % 9_000);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit').then(([code]) => code as number | null);
    try {
      for (let i = 0; i < 1_500 && child.exitCode === null && !/Server listening/.test(output); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const listening = /Server listening/.test(output);
      child.kill('SIGTERM');
      return { listening, code: await exited, output };
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  const refusal =
    /PAYMENT_PROVIDER: the local test-mode payment provider would sell credits for a test card .*STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET.*ALLOW_TEST_PAYMENTS=true/;

  it('refuses to start with an upstream key and no Stripe keys, saying what to set', async () => {
    const { listening, code, output } = await start({ CLIPDROP_API_KEY: 'cd-live-key' });
    expect(listening).toBe(false);
    expect(code).not.toBe(0);
    expect(output).toMatch(refusal);
    expect(output).toContain('CLIPDROP_API_KEY is set');
  });

  it('refuses to start with NODE_ENV=production and no Stripe keys', async () => {
    const { listening, code, output } = await start({ NODE_ENV: 'production' });
    expect(listening).toBe(false);
    expect(code).not.toBe(0);
    expect(output).toMatch(refusal);
  });

  it('starts with ALLOW_TEST_PAYMENTS=true, and says which providers serve', async () => {
    const fake = await startFakeOpenAi();
    try {
      const { listening, output } = await start({
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.baseUrl,
        ALLOW_TEST_PAYMENTS: 'true',
      });
      expect(listening).toBe(true);
      expect(output).toContain(
        '"msg":"providers: generation: openai (gpt-image-2.6-flare); tools: remove-background: local, remove-text: openai, product-photography: local, reimagine: openai, replace-background: openai, upscale: local, uncrop: openai, cleanup: openai; payments: local (test mode: no money moves);',
      );
    } finally {
      await fake.close();
    }
  }, 180_000);
});
