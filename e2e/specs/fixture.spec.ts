import { test } from '../fixtures.ts';

// The fixture's own guard: each of these must fail, and test.fail() turns that into a pass.
test.describe('the page fixture', () => {
  test('fails a spec whose page logs a console error', async ({ page }) => {
    test.fail();
    await page.goto('/');
    await page.evaluate(() => console.error('a bug the spec did not look for'));
  });

  test('fails a spec whose page throws an uncaught error', async ({ page }) => {
    test.fail();
    await page.goto('/');
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(
      () =>
        void setTimeout(() => {
          throw new Error('an uncaught bug');
        }),
    );
    await thrown;
  });
});
