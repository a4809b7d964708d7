import type { AuthResponse } from '@lumigen/contract/accounts';
import {
  confirmAddress,
  creditBalance,
  expect,
  imagingFixture,
  registerUser,
  savePageScreenshot,
  signIn,
  startOwnServer,
  test,
  testPassword,
  uniqueEmail,
  type OwnServer,
} from '../fixtures.ts';

// A price change reaches every customer of the server, so it runs on a server of its own: the
// shared one's specs expect the default prices (docs/decisions/056).
test.describe('prices the operator sets', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  const operatorEmail = uniqueEmail('operator');
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    server = await startOwnServer('prices', { ADMIN_EMAILS: operatorEmail });
  });
  test.afterAll(() => server?.stop());

  test('an operator raises background removal to 2 credits; a customer sees it on the button and pays it', async ({
    page,
    request,
  }, testInfo) => {
    const { origin } = server!;
    const registered = await request.post(`${origin}/api/user/register`, {
      data: { name: 'Grace Operator', email: operatorEmail, password: testPassword },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const body = (await registered.json()) as AuthResponse;
    const operator = { token: body.token, user: body.user, password: testPassword };
    // An ADMIN_EMAILS address is an operator's only once it is confirmed (docs/decisions/054).
    await confirmAddress(request, operator, server);
    const customer = await registerUser(request, 'customer', origin);

    await signIn(page, operator);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${origin}/admin/prices`);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Remove background' }) });
    await expect(row).toContainText('1 credit');
    await row.getByRole('button', { name: 'Change Remove background' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New price in credits').fill('2');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('The cut-out model now runs on a larger machine');
    await dialog.getByLabel('Your password').fill(testPassword);
    await dialog.getByRole('button', { name: 'Change price' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('2 credits');

    // The pictures show the page, not the toast that said so.
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15_000 });
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await savePageScreenshot(page, testInfo, `admin-prices-${width}`);
    }

    // The customer, in a browser of their own, is asked the new price and charged it.
    const customerPage = await page.context().browser()!.newPage();
    await signIn(customerPage, customer);
    await customerPage.goto(`${origin}/removebg`);
    await customerPage.getByLabel('Image', { exact: true }).setInputFiles(imagingFixture('mug.jpg'));
    await expect(customerPage.getByRole('img', { name: /^Selected: / })).toBeVisible();
    await customerPage.getByRole('button', { name: 'Remove Background · 2 credits' }).click();
    await expect(customerPage.getByRole('img', { name: /^After: / })).toBeVisible({ timeout: 90_000 });
    await customerPage.close();
    expect(await creditBalance(request, customer, origin)).toBe(3);
  });
});
