import AxeBuilder from '@axe-core/playwright';
import type { CreateApiKeyResponse } from '@lumigen/contract/api-keys';
import { messages } from '@lumigen/contract/messages';
import type { APIRequestContext } from '@playwright/test';
import { confirmAddress, expect, savePageScreenshot, signIn, test, type TestUser } from '../fixtures.ts';

/** One generation through the OpenAI-shaped endpoint, as a script holding the key would call it. */
function generateWithKey(request: APIRequestContext, key: string) {
  return request.post('/v1/images/generations', {
    headers: { authorization: `Bearer ${key}` },
    data: { prompt: 'A paper boat on a pond', size: '256x256' },
  });
}

async function createKeyThroughApi(request: APIRequestContext, { token }: TestUser, name: string): Promise<string> {
  const response = await request.post('/api/keys', { headers: { token }, data: { name, dailyCreditCap: 10 } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as CreateApiKeyResponse).key;
}

test.describe('Developers on /profile', () => {
  // Password hashing and painting on two cores shared with the other tests.
  test.describe.configure({ timeout: 60_000 });

  test('create a key and see it once: after a reload only its prefix is shown; it works until revoked', async ({
    page,
    context,
    request,
    testUser,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Only an account whose address is confirmed makes keys.
    await confirmAddress(request, testUser);
    await signIn(page, testUser);
    await page.goto('/profile#developers');
    const developers = page.getByRole('region', { name: 'Developers', exact: true });
    await expect(developers.getByText('No keys yet.')).toBeVisible({ timeout: 15_000 });

    const form = developers.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel('Name').fill('Nightly thumbnails');
    await form.getByRole('checkbox', { name: /^Read/ }).uncheck();
    await form.getByLabel('Daily credit cap (optional)').fill('3');
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = developers.getByRole('region', { name: 'Your new key “Nightly thumbnails”' });
    await expect(shown.getByText('Copy it now: you won’t see it again.')).toBeVisible();
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const list = developers.getByRole('list', { name: 'Your API keys' });
    const row = list.getByRole('listitem').filter({ hasText: 'Nightly thumbnails' });
    await expect(row.getByText(`${key.slice(0, 11)}…`)).toBeVisible();
    await expect(row.getByText('Never used')).toBeVisible();
    await expect(row.getByText('Generate', { exact: true })).toBeVisible();
    await expect(row.getByText('Read', { exact: true })).toHaveCount(0);

    // The key works, on the same credits, and the list says so.
    expect((await generateWithKey(request, key)).status()).toBe(200);
    await page.reload();
    await expect(row.getByText('Spent 1 of 3 credits today')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText(/^Last used/)).toBeVisible();
    // Shown once: after the reload, nothing on the page holds the key, only its prefix.
    await expect(developers.getByRole('region', { name: /Your new key/ })).toHaveCount(0);
    expect(await page.content()).not.toContain(key);
    await expect(row.getByText(`${key.slice(0, 11)}…`)).toBeVisible();

    // Revoke asks first; Cancel keeps the key.
    await row.getByRole('button', { name: /^Revoke the key Nightly thumbnails/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke “Nightly thumbnails”?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^Revoke the key Nightly thumbnails/ }).click();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(
      page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: messages.apiKey.revokedDone }).first(),
    ).toBeVisible();
    await expect(developers.getByText('No keys yet.')).toBeVisible();
    const refused = await generateWithKey(request, key);
    expect(refused.status()).toBe(401);
  });

  test('the Developers section at 1440 and 375 px: screenshots, nothing sideways, no axe violations', async ({
    page,
    request,
    testUser,
  }, testInfo) => {
    await confirmAddress(request, testUser);
    const used = await createKeyThroughApi(request, testUser, 'Product feed uploader');
    expect((await generateWithKey(request, used)).status()).toBe(200);
    await signIn(page, testUser);

    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/profile#developers');
      const developers = page.getByRole('region', { name: 'Developers', exact: true });
      await expect(developers.getByText('Product feed uploader')).toBeVisible({ timeout: 15_000 });
      const form = developers.getByRole('form', { name: 'Create an API key' });
      await form.getByLabel('Name').fill(`Thumbnails at ${width}`);
      await form.getByRole('button', { name: 'Create key' }).click();
      await expect(developers.getByRole('region', { name: `Your new key “Thumbnails at ${width}”` })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The whole section as the page lays it out: an element screenshot scrolls, and the sticky
      // header and menu would cover its top on a phone.
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = (await developers.boundingBox())!;
      const clip = {
        x: Math.max(0, box.x - 16),
        y: Math.max(0, box.y - 16),
        width: Math.min(width, box.width + 32),
        height: box.height + 32,
      };
      await savePageScreenshot(page, testInfo, `developers-${width}`, clip);
      const results = await new AxeBuilder({ page }).include('#developers').analyze();
      expect(
        results.violations.map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
      ).toEqual([]);
      await developers.getByRole('button', { name: 'I have saved it' }).click();
      await expect(form.getByLabel('Name')).toBeVisible();
    }
  });
});
