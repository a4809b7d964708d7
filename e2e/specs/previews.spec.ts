import { previewNotice } from '@lumigen/contract/pricing';
import {
  expect,
  imagingFixture,
  registerUser,
  savePageScreenshot,
  signIn,
  startOwnServer,
  test,
  type OwnServer,
} from '../fixtures.ts';

// The shared e2e server prices previews at 1 credit; this one runs `npm start`'s defaults: no
// provider key, LOCAL_PREVIEW_CREDITS unset (docs/decisions/051).
test.describe('free previews on a server with only its own engines', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let server: OwnServer | undefined;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startOwnServer('previews', { LOCAL_PREVIEW_CREDITS: undefined });
    origin = server.origin;
  });
  test.afterAll(() => server?.stop());

  test('/upscale says "Free preview", labels its result a preview, and takes no credit', async ({
    page,
    request,
  }, testInfo) => {
    const { token } = await registerUser(request, 'preview', origin);
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
    await signIn(page, await registerUser(request, 'model', origin));
    await page.goto(`${origin}/removebg`);
    await expect(page.getByRole('button', { name: 'Remove Background · 1 credit' })).toBeVisible();
    await expect(page.getByText('local processing — edited on this server, without an outside service')).toBeVisible();
  });
});
