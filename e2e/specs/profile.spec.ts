import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { AuthResponse } from '@lumigen/contract/accounts';
import { messages } from '@lumigen/contract/messages';
import { webMessages } from '@lumigen/contract/web-messages';
import type { APIRequestContext, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, savePageScreenshot, test, testPassword, type TestUser } from '../fixtures.ts';

async function signIn(page: Page, { token }: { token: string }) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** One image from the local painter, through the API as the generator page calls it. */
async function generate(
  request: APIRequestContext,
  { token }: TestUser,
  prompt: string,
  size = '256x256',
): Promise<string> {
  const response = await request.post('/api/image/generate-image', {
    headers: { token },
    data: { prompt, model: 'dall-e-2', size },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { imageId: string }).imageId;
}

/** A second session of the same person, as another browser would log in. */
async function logInAgain(request: APIRequestContext, testUser: TestUser, userAgent?: string): Promise<string> {
  const response = await request.post('/api/user/login', {
    headers: userAgent ? { 'user-agent': userAgent } : {},
    data: { email: testUser.user.email, password: testPassword },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AuthResponse).token;
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
    label,
  ).toEqual([]);
}

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

test.describe('the profile', () => {
  // Password hashing, painting and a second browser, on two cores shared with the other tests.
  test.describe.configure({ timeout: 60_000 });

  test('a new password signs out the other browser on its next call; this one stays', async ({
    page,
    browser,
    request,
    testUser,
  }) => {
    const otherToken = await logInAgain(request, testUser);
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    await signIn(otherPage, { token: otherToken });
    await otherPage.goto('/profile');
    await expect(
      otherPage.getByRole('region', { name: 'E-mail', exact: true }).getByText(testUser.user.email),
    ).toBeVisible({ timeout: 15_000 });

    await signIn(page, testUser);
    await page.goto('/profile');
    const sessions = page.getByRole('region', { name: 'Sessions', exact: true });
    await expect(sessions.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    await expect(sessions.getByText('This device')).toHaveCount(1);

    const form = page.getByRole('region', { name: 'Password', exact: true });
    await form.getByLabel('Current password').fill(testPassword);
    await form.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await form.getByLabel('Confirm new password').fill('a brand new passphrase');
    // "Also revoke every API key" is ticked unless the owner unticks it.
    await expect(form.getByRole('checkbox', { name: /revoke every API key/i })).toBeChecked();
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toHaveText(messages.passwordChangedKeysRevoked);
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    // The other browser finds out on its next navigation: its token answers 401.
    await otherPage.goto('/generate');
    await expect(otherPage).toHaveURL(/\/login$/);
    expect(await otherPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await other.close();

    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(
      page.getByRole('region', { name: 'E-mail', exact: true }).getByText(testUser.user.email),
    ).toBeVisible();
    const oldPassword = await request.post('/api/user/login', {
      data: { email: testUser.user.email, password: testPassword },
    });
    expect(oldPassword.status()).toBe(401);
  });

  test('an image deleted from the gallery is gone, and so are its bytes', async ({ page, request, testUser }) => {
    const imageId = await generate(request, testUser, 'A red kite over green hills');
    await signIn(page, testUser);
    await page.goto('/profile');
    const gallery = page.getByRole('region', { name: 'Your images', exact: true });
    // Beside the other tests' painting on two cores, the bytes can take a while.
    await expect(gallery.getByRole('img', { name: 'A red kite over green hills' })).toBeVisible({ timeout: 15_000 });
    await expect(
      page
        .getByRole('region', { name: 'Where your credits went', exact: true })
        .getByRole('link', { name: 'View image' }),
    ).toHaveCount(1);

    // Escape backs out of the confirmation, and the focus comes back to Delete.
    const remove = gallery.getByRole('button', { name: 'Delete: A red kite over green hills' });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this image?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();

    await remove.click();
    await dialog.getByRole('button', { name: 'Delete image' }).click();
    await expect(page.getByText(messages.imageDeleted)).toBeVisible();
    await expect(gallery.getByRole('img', { name: 'A red kite over green hills' })).toHaveCount(0);
    await expect(gallery.getByText('No images yet.')).toBeVisible();
    // The charge stays in the ledger, without its link.
    const ledger = page.getByRole('region', { name: 'Where your credits went', exact: true });
    await expect(ledger.getByText('Image generation')).toBeVisible();
    await expect(ledger.getByRole('link', { name: 'View image' })).toHaveCount(0);

    const bytes = await request.get(`/api/images/${imageId}`, { headers: { token: testUser.token } });
    expect(bytes.status()).toBe(404);
  });

  test('Export your data saves a ZIP with the account, the ledger and the images', async ({
    page,
    request,
    testUser,
  }) => {
    const imageId = await generate(request, testUser, 'A lighthouse at dawn');
    await signIn(page, testUser);
    await page.goto('/profile');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('lumigen-export.zip');
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));

    const account = JSON.parse(strFromU8(files['account.json']!)) as { email: string };
    expect(account.email).toBe(testUser.user.email);
    const ledger = strFromU8(files['ledger.csv']!).trim().split('\r\n');
    expect(ledger[0]).toBe('date,description,change,balance_after,image_id');
    expect(ledger.some((row) => /,Sign-up bonus,5,5,$/.test(row))).toBe(true);
    const image = files[`images/${imageId}.png`];
    expect(image && [...image.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    await expect(page.getByText('Your data was saved as lumigen-export.zip.')).toBeVisible();
  });

  test('deleting the account signs out, goes home with the message, and the login fails afterwards', async ({
    page,
    request,
    testUser,
  }) => {
    await signIn(page, testUser);
    await page.goto('/profile');
    const danger = page.getByRole('region', { name: 'Delete account', exact: true });
    await danger.getByLabel('Password').fill(testPassword);
    await danger.getByRole('button', { name: 'Delete my account' }).click();
    // Not without the explicit confirmation.
    await expect(danger.getByText('Tick the box to confirm that you want to delete your account')).toBeVisible();
    await danger.getByRole('checkbox').check();
    await danger.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page.getByText(messages.accountDeleted)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // Signed out once the home page is shown (the session is forgotten as /profile is left).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Your profile');

    const login = await request.post('/api/user/login', {
      data: { email: testUser.user.email, password: testPassword },
    });
    expect(login.status()).toBe(401);
  });

  test('Use again on a generated image fills the generator with its prompt and size', async ({
    page,
    request,
    testUser,
  }) => {
    await generate(request, testUser, 'A paper boat on a puddle', '512x512');
    await signIn(page, testUser);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Open full size: A paper boat on a puddle' }).click();
    await page
      .getByRole('dialog', { name: 'A paper boat on a puddle' })
      .getByRole('link', { name: 'Use again' })
      .click();
    await expect(page).toHaveURL(/\/generate\?settings=/);
    await expect(page.getByLabel('Prompt')).toHaveValue('A paper boat on a puddle');
    await expect(page.getByRole('radio', { name: '512 × 512' })).toBeChecked();
    await expect(page.getByText(webMessages.generationSettingsCarried)).toBeVisible();
  });

  test('looks right and passes axe at 1440 and 375 px with images, ledger rows and two sessions, and with an image open', async ({
    page,
    request,
    testUser,
  }, testInfo) => {
    testInfo.setTimeout(90_000);
    await generate(request, testUser, 'A lighthouse on a cliff at sunset', '512x512');
    await generate(request, testUser, 'A red kite over green hills');
    await generate(request, testUser, 'A bowl of lemons on a blue table');
    await logInAgain(request, testUser, firefoxOnWindows);
    await signIn(page, testUser);

    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/profile');
      await expect(page.getByRole('region', { name: 'Your images', exact: true }).getByRole('img')).toHaveCount(3, {
        timeout: 15_000,
      });
      await expect(
        page.getByRole('region', { name: 'Where your credits went', exact: true }).getByRole('row'),
      ).toHaveCount(5);
      await expect(
        page.getByRole('region', { name: 'Sessions', exact: true }).getByText('Firefox on Windows'),
      ).toBeVisible();
      // A new account's address is unconfirmed: the notice heads the page.
      await expect(page.getByRole('main').getByText('Confirm your e-mail address')).toBeVisible();
      // Lazy pictures below the fold load only near the viewport: the full-page picture needs them all.
      await page.evaluate(() =>
        document
          .querySelectorAll('img[loading="lazy"]')
          .forEach((img) => ((img as HTMLImageElement).loading = 'eager')),
      );
      await page.evaluate(() =>
        Promise.all([document.fonts.ready, ...[...document.images].map((img) => img.decode().catch(() => undefined))]),
      );
      // Nothing sticks out sideways, not even on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await savePageScreenshot(page, testInfo, `profile-${width}`);
      await expectNoAxeViolations(page, `/profile at ${width}px`);

      await page.getByRole('link', { name: 'Open full size: A lighthouse on a cliff at sunset' }).click();
      const viewer = page.getByRole('dialog', { name: 'A lighthouse on a cliff at sunset' });
      await expect(viewer.getByRole('img')).toBeVisible();
      await expectNoAxeViolations(page, `/profile with an image open at ${width}px`);
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
    }
  });
});
