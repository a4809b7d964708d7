import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAi } from './test/fake-openai.ts';
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
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // A first start runs PGlite's initdb: ~4 s idle, past 10 s on a busy CI machine.
      for (let i = 0; i < 500 && !/Server listening/.test(output); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok' });
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output).toMatch(/"signal":"SIGTERM","msg":"shutting down"/);
      // The embedded default names its providers in one line.
      expect(output).toContain('"msg":"providers: generation: local; tools: local; payments: local (test mode: no money moves); storage: files in');
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('start-up with test payments', () => {
  /** Runs the server process with `env` until it listens (then stops it) or exits by itself. */
  async function start(env: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-server-'));
    const port = 21_000 + (process.pid % 9_000);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit').then(([code]) => code as number | null);
    try {
      for (let i = 0; i < 500 && child.exitCode === null && !/Server listening/.test(output); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      const listening = /Server listening/.test(output);
      child.kill('SIGTERM');
      return { listening, code: await exited, output };
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  const refusal = /PAYMENT_PROVIDER: the local test-mode payment provider would sell credits for a test card .*STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET.*ALLOW_TEST_PAYMENTS=true/;

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
      const { listening, output } = await start({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrl, ALLOW_TEST_PAYMENTS: 'true' });
      expect(listening).toBe(true);
      expect(output).toContain('"msg":"providers: generation: openai (gpt-image-2.6-flare); tools: local; payments: local (test mode: no money moves);');
    } finally {
      await fake.close();
    }
  });
});
