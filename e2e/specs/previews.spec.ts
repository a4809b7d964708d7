import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse } from '@lumigen/contract/accounts';
import { previewNotice } from '@lumigen/contract/pricing';
import { expect, imagingFixture, savePageScreenshot, signIn, test, uniqueEmail, testPassword } from '../fixtures.ts';

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// The shared e2e server prices previews at 1 credit; this one runs `npm start`'s defaults: no
// provider key, LOCAL_PREVIEW_CREDITS unset (docs/decisions/051).
test.describe('free previews on a server with only its own engines', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let server: ChildProcess | undefined;
  let dataDir: string;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-e2e-previews-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    };
    for (const key of [
      'LOCAL_PREVIEW_CREDITS',
      'CLIPDROP_API_KEY',
      'OPENAI_API_KEY',
      'TOOLS_PROVIDER',
      'GENERATION_PROVIDER',
    ])
      delete env[key];
    server = spawn(process.execPath, ['dist/server.js'], {
      cwd: path.resolve(import.meta.dirname, '../../apps/server'),
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Ready when its health answers; a server that exits first fails here with its own log above.
    await expect
      .poll(
        async () =>
          server?.exitCode === null ? (await fetch(`${origin}/api/health`).catch(() => undefined))?.status : 'exited',
        { timeout: 60_000 },
      )
      .toBe(200);
  });
  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  test('/upscale says "Free preview", labels its result a preview, and takes no credit', async ({
    page,
    request,
  }, testInfo) => {
    const registered = await request.post(`${origin}/api/user/register`, {
      data: { name: 'E2E Tester', email: uniqueEmail('preview'), password: testPassword },
    });
    expect(registered.status()).toBe(201);
    const { token } = (await registered.json()) as AuthResponse;
    await signIn(page, { token });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${origin}/upscale`);
    const run = page.getByRole('button', { name: 'Upscale Image · Free preview' });
    await expect(run).toBeVisible();
    await expect(
      page.getByText(
        'local processing — a free preview: a quick approximation made on this server, not by an AI model',
      ),
    ).toBeVisible();
    await page.getByLabel('Image', { exact: true }).setInputFiles(imagingFixture('landscape-256x192.jpg'));
    await expect(page.getByRole('img', { name: /^Selected: / })).toBeVisible();
    await savePageScreenshot(page, testInfo, 'preview-upscale-1440');
    await run.click();
    await expect(page.getByRole('img', { name: /^After: / })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText(previewNotice)).toBeVisible();
    await savePageScreenshot(page, testInfo, 'preview-upscale-result-1440');

    const credit = await request.post(`${origin}/api/image/get-credit`, { headers: { token } });
    expect(((await credit.json()) as { creditBalance: number }).creditBalance).toBe(5);
    const ledger = await request.get(`${origin}/api/credits/ledger`, { headers: { token } });
    expect(((await ledger.json()) as { entries: { reason: string }[] }).entries.map((entry) => entry.reason)).toEqual([
      'signup_bonus',
    ]);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Edit another image' }).click();
    await expect(run).toBeVisible();
    await savePageScreenshot(page, testInfo, 'preview-upscale-375');
  });

  test('/removebg, a learned model, keeps its price', async ({ page, request }) => {
    const registered = await request.post(`${origin}/api/user/register`, {
      data: { name: 'E2E Tester', email: uniqueEmail('model'), password: testPassword },
    });
    const { token } = (await registered.json()) as AuthResponse;
    await signIn(page, { token });
    await page.goto(`${origin}/removebg`);
    await expect(page.getByRole('button', { name: 'Remove Background · 1 credit' })).toBeVisible();
    await expect(page.getByText('local processing — edited on this server, without an outside service')).toBeVisible();
  });
});
