import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('shows the product name and that the API is healthy, without console errors', async ({ page }) => {
    // CSP violations (e.g. an inline script) and uncaught errors surface here.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Lumigen — AI image studio');
    await expect(page.getByRole('heading', { level: 1, name: 'Lumigen' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('All systems operational');
    expect(problems).toEqual([]);
  });

  test('says so while checking and when the API is unavailable', async ({ page }) => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/health', async (route) => {
      await answered;
      await route.fulfill({ status: 503, json: { status: 'degraded', database: 'down', uptimeSeconds: 1 } });
    });

    await page.goto('/');
    await expect(page.getByRole('status')).toHaveText('Checking system status…');
    answer();
    await expect(page.getByRole('status')).toHaveText('Lumigen is unavailable right now. Please try again shortly.');
  });

  test('a deep link is answered with the app (SPA fallback)', async ({ page }) => {
    const response = await page.goto('/some/deep/link');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1, name: 'Lumigen' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('All systems operational');
  });

  test('an unknown API path is a JSON 404, not the app', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: 'Not found' });
  });
});
