import AxeBuilder from '@axe-core/playwright';
import { messages } from '@lumigen/contract/messages';
import { expect, test } from '../fixtures.ts';

test.describe('/developers', () => {
  test('is linked from the footer and draws the reference from /api/openapi.json under our CSP, keyboard first', async ({
    page,
  }) => {
    // The fixture fails on any console error: a CSP refusal (an inline script, a style or a host it does not allow) is one.
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Developers' }).click();
    await expect(page).toHaveURL(/\/developers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Lumigen API');
    await expect(page).toHaveTitle('Developers · Lumigen');

    // The guide: examples for the session token, the /v1 key and the /clipdrop key, on this server's own address.
    const origin = new URL(page.url()).origin;
    await expect(page.getByLabel('Shell: set up example', { exact: true })).toContainText(`export LUMIGEN=${origin}`);
    await expect(page.getByLabel('curl example', { exact: true })).toContainText('Authorization: Bearer $LUMIGEN_KEY');
    await expect(page.getByLabel('Node.js (fetch) example', { exact: true })).toContainText(
      "'x-api-key': process.env.LUMIGEN_KEY",
    );
    await expect(page.getByText(`“${messages.unusable.black}”`)).toBeVisible();

    // The reference, loaded from the server: open one endpoint with the keyboard.
    const generate = page.locator('summary', { hasText: '/api/image/generate-image' });
    await expect(generate).toBeVisible();
    await generate.focus();
    await page.keyboard.press('Enter');
    const details = page.locator('details#postImageGenerateImage');
    await expect(details).toHaveAttribute('open', '');
    await expect(details.getByText('Request body')).toBeVisible();
    await expect(details.locator('dt', { hasText: 'prompt' })).toContainText('required');
    await expect(page.locator('summary', { hasText: '/api/image/tools/{tool}' })).toBeVisible();

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('says so, and offers to try again, when the reference cannot be loaded', async ({ page }) => {
    await page.route('**/api/openapi.json', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Service unavailable' }),
      }),
    );
    await page.goto('/developers');
    await expect(page.getByRole('alert')).toContainText('The reference could not be loaded');
    await page.unroute('**/api/openapi.json');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('summary', { hasText: '/api/image/generate-image' })).toBeVisible();
  });
});
