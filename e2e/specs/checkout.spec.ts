import { messages } from '@lumigen/contract/messages';
import type { Page } from '@playwright/test';
import { expect, test, testPassword } from '../fixtures.ts';

// The pricing page has no plan cards yet: the choice is stored as a plan card stores it
// (localStorage `itemo`), and the rest of the way is the real one.
async function choosePlan(page: Page, plan: string) {
  await page.goto('/');
  await page.evaluate((name) => localStorage.setItem('itemo', name), plan);
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
}

test.describe('checkout with the local test-mode provider', () => {
  test('choose Popular → log in → /checkout → 4242… → Payment successful → the receipt, 40 Credits', async ({
    page,
    testUser,
  }) => {
    await choosePlan(page, 'Popular');
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(testUser.user.email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    const header = page.getByRole('banner');
    await expect(header.getByText('5 Credits')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Popular bundle')).toBeVisible();
    await expect(summary.getByText('35 credits', { exact: true })).toBeVisible();
    await expect(summary.getByText('$20')).toBeVisible();
    await expect(page.getByText('Test mode')).toBeVisible();

    await payWith(page, '4242 4242 4242 4242');

    await expect(page.getByText(messages.paymentSuccessful).first()).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/complete\?payment=/);
    await expect(header.getByText('40 Credits')).toBeVisible();

    // The server agrees, and the attempt made one intent, paid once.
    const credit = await page.request.post('/api/image/get-credit', { headers: { token: testUser.token } });
    expect((await credit.json()).creditBalance).toBe(40);
    const list = await page.request.get('/api/payments', { headers: { token: testUser.token } });
    expect((await list.json()).payments).toMatchObject([
      { bundle: 'Popular', credits: 35, amount: 2000, status: 'succeeded' },
    ]);
  });

  test('a declined card shows the inline error and the balance stays; the same attempt then pays', async ({
    page,
    testUser,
  }) => {
    await choosePlan(page, 'Popular');
    await page.evaluate((token) => localStorage.setItem('token', token), testUser.token);
    await page.goto('/checkout');
    const header = page.getByRole('banner');
    await expect(header.getByText('5 Credits')).toBeVisible();

    await payWith(page, '4000 0000 0000 0002');

    const inline = page.getByRole('main').getByRole('alert');
    await expect(inline).toHaveText(messages.card.declined);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(header.getByText('5 Credits')).toBeVisible();
    const credit = await page.request.post('/api/image/get-credit', { headers: { token: testUser.token } });
    expect((await credit.json()).creditBalance).toBe(5);
    await expect(page.getByRole('cell', { name: 'Declined' })).toBeVisible();

    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/checkout\/complete\?payment=/);
    await expect(header.getByText('40 Credits')).toBeVisible();
    const list = await page.request.get('/api/payments', { headers: { token: testUser.token } });
    expect((await list.json()).payments).toMatchObject([{ bundle: 'Popular', status: 'succeeded' }]);
  });
});
