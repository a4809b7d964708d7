import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse } from '@lumigen/contract/accounts';
import type { Page } from '@playwright/test';
import { expect, savePageScreenshot, signIn, test, testPassword, uniqueEmail } from '../fixtures.ts';

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// The local painter shows two previews of its early layers (docs/decisions/058); on the shared
// server it paints in a moment. This server pauses after each, so the page can be watched.
const pauseMs = 4000;

test.describe('/generate shows the picture appear', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: ChildProcess | undefined;
  let dataDir: string;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-e2e-live-preview-'));
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
      LOCAL_PAINTER_PREVIEW_PAUSE_MS: String(pauseMs),
    };
    for (const key of [
      'CLIPDROP_API_KEY',
      'OPENAI_API_KEY',
      'STABILITY_API_KEY',
      'TOOLS_PROVIDER',
      'GENERATION_PROVIDER',
    ])
      delete env[key];
    server = spawn(process.execPath, ['dist/server.js'], {
      cwd: path.resolve(import.meta.dirname, '../../apps/server'),
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
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

  /** Starts a generation of `prompt` and waits until its second, sharper preview shows. */
  async function generateUntilSecondPreview(page: Page, prompt: string) {
    await page.getByLabel('Prompt').fill(prompt);
    await page.getByRole('button', { name: /^Generate/ }).click();
    const preview = page.getByRole('img', { name: 'A preview of your image, still being made' });
    await expect(preview).toBeVisible({ timeout: 30_000 });
    await expect(preview).toHaveAttribute('data-stage', '1');
    await expect(page.getByText('Preview', { exact: true })).toBeVisible();
    // The spinner gave the preview its place.
    await expect(page.getByRole('status', { name: 'Painting your image', exact: true })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /^Generated image/ })).toHaveCount(0);
    await expect(preview).toHaveAttribute('data-stage', '2', { timeout: pauseMs + 10_000 });
    // Drawn from the bytes read with the token: a real picture, not a broken image.
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    return preview;
  }

  test('a preview shows before the final image, then gives way to it', async ({ page, request }, testInfo) => {
    const registered = await request.post(`${origin}/api/user/register`, {
      data: { name: 'E2E Tester', email: uniqueEmail('live-preview'), password: testPassword },
    });
    expect(registered.status()).toBe(201);
    const { token } = (await registered.json()) as AuthResponse;
    await signIn(page, { token });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${origin}/generate`);
    const preview = await generateUntilSecondPreview(page, 'A lighthouse on a cliff at dusk');
    // From the top: a full-page picture taken scrolled down repeats the sticky header midway.
    await page.evaluate(() => window.scrollTo(0, 0));
    await savePageScreenshot(page, testInfo, 'generate-preview-1440');
    const final = page.getByRole('img', { name: 'Generated image: A lighthouse on a cliff at dusk' });
    await expect(final).toBeVisible({ timeout: pauseMs + 30_000 });
    await expect(preview).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Generate Another Image' }).click();
    await generateUntilSecondPreview(page, 'Snowy mountains above a lake at sunrise');
    await page.evaluate(() => window.scrollTo(0, 0));
    await savePageScreenshot(page, testInfo, 'generate-preview-375');
    await expect(
      page.getByRole('img', { name: 'Generated image: Snowy mountains above a lake at sunrise' }),
    ).toBeVisible({
      timeout: pauseMs + 30_000,
    });
  });
});
