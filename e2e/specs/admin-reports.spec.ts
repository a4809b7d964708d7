import type { AuthResponse } from '@lumigen/contract/accounts';
import type { APIRequestContext } from '@playwright/test';
import {
  confirmAddress,
  expect,
  registerUser,
  savePageScreenshot,
  signIn,
  test,
  testPassword,
  type TestUser,
} from '../fixtures.ts';
import { operatorEmail } from '../operator.ts';

/**
 * The operator of ADMIN_EMAILS, whichever spec signs up first: registered and confirmed here, or
 * signed in, then waited for until the confirmation made it an admin.
 */
async function operator(request: APIRequestContext): Promise<TestUser> {
  const registered = await request.post('/api/user/register', {
    data: { name: 'Grace Operator', email: operatorEmail, password: testPassword },
  });
  let user: TestUser;
  if (registered.status() === 201) {
    const body = (await registered.json()) as AuthResponse;
    user = { token: body.token, user: body.user, password: testPassword };
    await confirmAddress(request, user);
  } else {
    const login = await request.post('/api/user/login', { data: { email: operatorEmail, password: testPassword } });
    expect(login.status(), await login.text()).toBe(200);
    const body = (await login.json()) as AuthResponse;
    user = { token: body.token, user: body.user, password: testPassword };
  }
  await expect
    .poll(async () => {
      const answer = await request.post('/api/image/get-credit', { headers: { token: user.token } });
      return ((await answer.json()) as { role: string }).role;
    })
    .toBe('admin');
  return user;
}

/** A purchase through the local test-mode provider, as the checkout page makes it. */
async function buy(request: APIRequestContext, customer: TestUser, bundle: string): Promise<void> {
  const headers = { token: customer.token };
  const intent = await request.post('/api/stripe/create-payment-intent', {
    headers,
    data: { items: [{ id: bundle }] },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };
  const paid = await request.post('/api/payments/local/confirm', {
    headers,
    data: { paymentIntentId, cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const credited = await request.post('/api/image/add-credit', { headers, data: { paymentIntentId } });
  expect(credited.status(), await credited.text()).toBe(200);
}

test('an operator sees the last 30 days at a glance, with the numbers behind each chart', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // Customers who bought and worked today, so the charts have something to draw.
  const customers = [await registerUser(request, 'buyer'), await registerUser(request, 'buyer')];
  await buy(request, customers[0]!, 'Popular');
  await buy(request, customers[1]!, 'Starter');
  for (const customer of customers) {
    const job = await request.post('/api/jobs/generate', {
      headers: { token: customer.token },
      data: { prompt: 'A lighthouse at dusk', model: 'dall-e-2', size: '256x256', quality: 'standard' },
    });
    expect(job.status(), await job.text()).toBe(202);
  }
  const admin = await operator(request);

  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const totals = page.locator('.admin-totals');
  await expect(totals.getByText('Paying customers')).toBeVisible();
  // Four charts, each drawn on a canvas by uPlot.
  await expect(page.locator('.day-chart canvas')).toHaveCount(4);
  const money = page.getByRole('table', { name: 'Money, by day' });
  // Read by screen readers, but out of sight (visually hidden) until asked for.
  const moneyBox = money.locator('xpath=..');
  await expect(moneyBox).toHaveClass('visually-hidden');
  expect((await moneyBox.boundingBox())?.width).toBeLessThanOrEqual(1);
  await page.getByRole('figure').filter({ hasText: 'Money' }).getByRole('button', { name: 'Show table' }).click();
  await expect(moneyBox).toHaveClass('admin-table-scroll');
  expect((await moneyBox.boundingBox())?.width).toBeGreaterThan(200);
  await expect(money.getByRole('row')).toHaveCount(31);
  await page.getByRole('figure').filter({ hasText: 'Money' }).getByRole('button', { name: 'Hide table' }).click();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('.day-chart canvas')).toHaveCount(4);
  await savePageScreenshot(page, testInfo, 'admin-overview-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('.day-chart canvas')).toHaveCount(4);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await savePageScreenshot(page, testInfo, 'admin-overview-375');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: customers[0]!.user.email })).toBeVisible();
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('link', { name: customers[1]!.user.email }).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Providers' }).click();
  await expect(page.getByRole('heading', { name: 'Providers', level: 1 })).toBeVisible();
});
