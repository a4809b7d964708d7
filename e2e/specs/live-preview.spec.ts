import type { Page } from '@playwright/test';
import { expect, registerUser, savePageScreenshot, signIn, startOwnServer, test, type OwnServer } from '../fixtures.ts';

// The local painter shows two previews of its early layers (docs/decisions/058); on the shared
// server it paints in a moment. This server pauses after each, so the page can be watched.
const pauseMs = 4000;

test.describe('/generate shows the picture appear', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: OwnServer | undefined;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startOwnServer('live-preview', { LOCAL_PAINTER_PREVIEW_PAUSE_MS: String(pauseMs) });
    origin = server.origin;
  });
  test.afterAll(() => server?.stop());

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
    await signIn(page, await registerUser(request, 'live-preview', origin));

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
