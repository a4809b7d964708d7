import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { JobAcceptedResponse, JobResponse } from '@lumigen/contract/jobs';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, savePageScreenshot, test, type TestUser } from '../fixtures.ts';

const fixture = (name: string) => path.resolve(import.meta.dirname, '../../packages/imaging/test/fixtures', name);

async function signIn(page: Page, { token }: TestUser) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** A generation queued through the API, waited for to its end. */
async function generated(request: APIRequestContext, { token }: TestUser, prompt: string) {
  const accepted = await request.post('/api/jobs/generate', {
    headers: { token },
    data: { prompt, model: 'dall-e-2', size: '256x256' },
  });
  expect(accepted.status()).toBe(202);
  const { jobId } = (await accepted.json()) as JobAcceptedResponse;
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/jobs/${jobId}`, { headers: { token } })).json()) as JobResponse).job.status,
      { timeout: 20_000 },
    )
    .toBe('succeeded');
}

test.describe('paid work as jobs in the web app', () => {
  // Background removal on two cores shared with the other tests.
  test.describe.configure({ timeout: 90_000 });

  test('/generate submits a job, shows the image, and Recent work lists it', async ({ page, testUser }) => {
    await signIn(page, testUser);
    await page.goto('/generate');
    // Beside another test's background removal on two cores, the page may take a while to come.
    await expect(
      page.getByRole('region', { name: 'Recent work' }).getByText('Nothing here yet', { exact: false }),
    ).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Prompt').fill('A paper boat on a pond');
    await page.getByRole('radio', { name: '512 × 512' }).check();
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/jobs/generate'));
    await page.getByRole('button', { name: 'Generate · 1 credit' }).click();
    expect((await accepted).status()).toBe(202);
    const image = page.getByRole('img', { name: 'Generated image: A paper boat on a pond' });
    await expect(image).toBeVisible({ timeout: 20_000 });
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([512, 512]);
    await expect(page.getByRole('banner').getByText('4 Credits')).toBeVisible();

    const recent = page.getByRole('list', { name: 'Recent work' });
    await expect(recent.getByRole('listitem')).toHaveCount(1);
    await expect(recent.getByRole('listitem').first()).toContainText('Image Generator');
    await expect(recent.getByRole('listitem').first()).toContainText('Done');
    const thumbnail = recent.getByRole('link', { name: /^Open full size: Image Generator/ });
    await expect.poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    // By keyboard: the picture is a link to the full-size view on /profile.
    await thumbnail.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile\?view=/);
  });

  test('a reload mid-job, and another tab, show the running edit and then its result', async ({
    page,
    context,
    request,
    testUser,
  }, testInfo) => {
    // Background removal is the slow job that makes this honest; on a busy machine it takes minutes.
    testInfo.setTimeout(240_000);
    await signIn(page, testUser);
    await page.goto('/removebg');
    // A picture no other test (nor an earlier try of this one) sends: the worker thread keeps its
    // last cut-outs, and a cached one finishes before the reload (seen in CI).
    const picture = await sharp(fixture('mug.jpg'))
      .modulate({ brightness: 1.02 + testInfo.retry * 0.02 })
      .jpeg({ quality: 95 })
      .toBuffer();
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'mug.jpg', mimeType: 'image/jpeg', buffer: picture });
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/jobs/tools/remove-background'));
    await page.getByRole('button', { name: 'Remove Background · 1 credit' }).click();
    expect((await accepted).status()).toBe(202);

    await page.reload();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    // Nothing in this tab remembers the upload: the page found the job on the server.
    await expect(page.getByRole('status', { name: 'Working on your image' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/removebg');
    // The server is busy removing the background: pages answer more slowly meanwhile.
    await expect(other.getByRole('status', { name: 'Working on your image' })).toBeVisible({ timeout: 20_000 });

    for (const tab of [page, other]) {
      const result = tab.getByRole('img', { name: 'Edited image: your picture' });
      await expect(result).toBeVisible({ timeout: 180_000 });
      await expect
        .poll(() => result.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
        .toEqual([1024, 768]);
      await expect(tab.getByRole('list', { name: 'Recent work' }).getByRole('listitem').first()).toContainText(
        'Remove BackgroundDone',
      );
    }
    const credit = await request.post('/api/image/get-credit', { headers: { token: testUser.token } });
    expect(((await credit.json()) as { creditBalance: number }).creditBalance).toBe(4);
  });

  test('/generate with a result and Recent work looks right and passes axe at 1440 and 375 px', async ({
    page,
    request,
    testUser,
  }, testInfo) => {
    await generated(request, testUser, 'A lighthouse on a cliff at sunset');
    await generated(request, testUser, 'A red kite over green hills');
    await generated(request, testUser, 'A bowl of lemons on a blue table');
    await signIn(page, testUser);

    for (const [index, width] of [1440, 375].entries()) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/generate');
      await page.getByLabel('Prompt').fill(index === 0 ? 'A paper boat on a pond' : 'A teapot in a greenhouse');
      await page.getByRole('radio', { name: '512 × 512' }).check();
      await page.getByRole('button', { name: 'Generate · 1 credit' }).click();
      await expect(page.getByRole('img', { name: /^Generated image: / })).toBeVisible({ timeout: 20_000 });
      const recent = page.getByRole('list', { name: 'Recent work' });
      await expect(recent.getByRole('listitem')).toHaveCount(4 + index);
      await page.evaluate(() =>
        document
          .querySelectorAll('img[loading="lazy"]')
          .forEach((img) => ((img as HTMLImageElement).loading = 'eager')),
      );
      await expect
        .poll(() =>
          recent
            .locator('img')
            .evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
        )
        .toBe(4 + index);
      await page.evaluate(() => document.fonts.ready);
      // The page scrolled down to the result; from the top, the sticky header sits where it belongs.
      await page.evaluate(() => window.scrollTo(0, 0));
      // Nothing sticks out sideways, not even on a phone (the strip scrolls inside itself).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await savePageScreenshot(page, testInfo, `jobs-${width}`);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
        `/generate at ${width}px`,
      ).toEqual([]);
    }
  });
});
