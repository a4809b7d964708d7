import { expect, imagingFixture, savePageScreenshot, test } from '../fixtures.ts';

test.describe('edit with words', () => {
  test('with no provider able to edit, the page says so plainly and the API charges nothing', async ({
    page,
    request,
    testUser,
  }) => {
    await page.addInitScript((token) => localStorage.setItem('token', token), testUser.token);
    await page.goto('/generate');
    // The footer's Tools column, from the tool catalogue as the header's menu is.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Edit with words' }).click();
    await expect(page).toHaveURL(/\/edit-with-words$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit with words' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Not available on this server' })).toBeVisible();
    await expect(page.getByText(/There is nothing to pay for here: no credit is taken/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Edit Image/ })).toHaveCount(0);
    await expect(page.getByLabel('Picture to change')).toHaveCount(0);

    const answer = await request.post('/api/jobs/edit', {
      headers: { token: testUser.token },
      multipart: {
        prompt: 'make it night',
        image_file: { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('x') },
      },
    });
    expect(answer.status()).toBe(503);
    expect(await answer.json()).toMatchObject({ success: false, code: 'edit_unavailable' });
    await expect(page.getByRole('banner').getByText('5 Credits')).toBeVisible();
  });

  test('the form where a provider can edit, at 1440 and 375 px', async ({ page, testUser }, testInfo) => {
    // This server has no provider that can edit: its providers answer is changed here to show the
    // form as an operator with one sees it. Nothing is submitted.
    await page.route('**/api/image/providers', async (route) => {
      const answer = await (await route.fetch()).json();
      await route.fulfill({
        json: { ...answer, edit: { available: true, providers: ['openai'], price: { credits: 1, preview: false } } },
      });
    });
    await page.addInitScript((token) => localStorage.setItem('token', token), testUser.token);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/edit-with-words');
      await expect(page.getByRole('button', { name: 'Edit Image · 1 credit' })).toBeVisible();
      await page.getByLabel('Picture to change').setInputFiles(imagingFixture('landscape-256x192.jpg'));
      await expect(page.getByRole('img', { name: /^Your picture: / })).toBeVisible();
      await page.getByLabel(/Reference pictures/).setInputFiles([imagingFixture('mug.jpg')]);
      await expect(page.getByRole('button', { name: 'Remove reference 1: mug.jpg' })).toBeVisible();
      await page.getByLabel('What should change').fill('Make it night, with the windows lit');
      await page.getByLabel('Style', { exact: true }).selectOption('cinematic');
      // Nothing sideways: the page fits its width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // From the top, so the sticky header is drawn where it sits before any scroll.
      await page.getByLabel('What should change').blur();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByRole('banner')).toBeInViewport();
      await savePageScreenshot(page, testInfo, `edit-with-words-${width}`);
    }
  });
});
