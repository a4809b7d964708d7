import type { AuthResponse } from '@lumigen/contract/accounts';
import type { APIRequestContext } from '@playwright/test';
import {
  confirmAddress,
  expect,
  savePageScreenshot,
  signIn,
  test,
  testPassword,
  uniqueEmail,
  type TestUser,
} from '../fixtures.ts';
import { operatorEmail } from '../operator.ts';

/** The operator of ADMIN_EMAILS: signed up (or in, on a retry), address confirmed, so an admin. */
async function operator(request: APIRequestContext): Promise<TestUser> {
  const registered = await request.post('/api/user/register', {
    data: { name: 'Grace Operator', email: operatorEmail, password: testPassword },
  });
  if (registered.status() === 201) {
    const body = (await registered.json()) as AuthResponse;
    const user = { token: body.token, user: body.user, password: testPassword };
    await confirmAddress(request, user);
    return user;
  }
  const login = await request.post('/api/user/login', { data: { email: operatorEmail, password: testPassword } });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as AuthResponse;
  return { token: body.token, user: body.user, password: testPassword };
}

test('an operator finds a customer, grants 3 credits with a reason, and sees the ledger row and the audit entry', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('customer');
  const signedUp = await request.post('/api/user/register', {
    data: { name: 'Ada Customer', email, password: testPassword },
  });
  expect(signedUp.status()).toBe(201);
  const admin = await operator(request);
  const role = await request.post('/api/image/get-credit', { headers: { token: admin.token } });
  expect(((await role.json()) as { role: string }).role).toBe('admin');

  await signIn(page, admin);
  await page.goto('/');
  await page.getByRole('link', { name: 'Admin', exact: true }).first().click();
  await expect(page.getByRole('navigation', { name: 'Operator console' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByLabel('Search customers').fill(email);
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole('link', { name: 'Ada Customer' }).click();
  await expect(page.getByRole('heading', { name: 'Ada Customer', level: 1 })).toBeVisible();
  await expect(page.getByText('5 credits', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Grant credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant or take credits' });
  await dialog.getByLabel(/Credits to grant/).fill('3');
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Refund for a batch that failed on our side');
  await dialog.getByLabel('Your password').fill(testPassword);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('8 credits', { exact: true })).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Ledger, newest first' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('Adjustment');
  await expect(ledger.getByRole('row').nth(1)).toContainText('+3');
  const audit = page.getByRole('table', { name: 'Changes operators made to this account' });
  await expect(audit).toContainText('credits.adjust');
  await expect(audit).toContainText('Refund for a batch that failed on our side');
  await expect(audit).toContainText(operatorEmail);

  // The pictures show the page, not the toast that said so.
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await savePageScreenshot(page, testInfo, `admin-customer-${width}`);
  }

  await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('row', { name: /Refund for a batch that failed on our side/ })).toContainText(email);
});

test('a customer sees the not-found page at /admin, and no Admin link', async ({ page, testUser }) => {
  await signIn(page, testUser);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
});
