import { expect, registerUser, test, testPassword, uniqueEmail } from '../fixtures.ts';

test.describe('accounts in the browser', () => {
  test('register → /generate with 5 Credits and the greeting; logout shows the logged-out header', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Grace');
    await page.getByLabel('Email').fill(uniqueEmail('register'));
    await page.getByLabel('Password', { exact: true }).fill(testPassword);
    await page.getByLabel('Confirm password').fill(testPassword);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/generate$/);
    const header = page.getByRole('banner');
    await expect(header.getByText('5 Credits')).toBeVisible();
    await expect(header.getByText('Hi, Grace')).toBeVisible();
    await expect(page.getByText('Registered successfully!')).toBeVisible();

    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expect(header.getByText('5 Credits')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('confirm password must match, inline, and nothing is sent', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/register')) calls += 1;
    });
    await page.goto('/register');
    await page.getByLabel('Name').fill('Grace');
    await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
    await page.getByLabel('Password', { exact: true }).fill(testPassword);
    await page.getByLabel('Confirm password').fill('something else entirely');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  test('a protected page sends a visitor to /login and back after login, with Remember me sent', async ({
    page,
    request,
  }) => {
    const { user } = await registerUser(request, 'guard');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByLabel('Remember me').check();
    const loginRequest = page.waitForRequest((r) => r.url().endsWith('/api/user/login'));
    await page.getByRole('button', { name: 'Login' }).click();
    expect((await loginRequest).postDataJSON()).toMatchObject({ email: user.email, remember: true });
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Login successfully!')).toBeVisible();
    // The E-mail settings card names the address (an unconfirmed one is named by the notice above too).
    await expect(page.getByRole('region', { name: 'E-mail', exact: true }).getByText(user.email)).toBeVisible();
  });

  test('a wrong password shows the server message as an error toast', async ({ page, testUser }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(testUser.user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a stale token is cleared on its first 401 and the user lands on /login', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'A'.repeat(43)));
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('both submenus open and navigate', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'About Us' }).click();
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await nav.getByRole('button', { name: 'Tools' }).click();
    await expect(nav.getByRole('button', { name: 'Tools' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('button', { name: 'Tools' })).toHaveAttribute('aria-expanded', 'false');
    await nav.getByRole('button', { name: 'Tools' }).click();
    await nav.getByRole('link', { name: 'Image Upscaling Tool' }).click();
    // A visitor is sent to log in first.
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the mobile drawer traps focus and closes on Escape', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await drawer.page().getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('the body is marked header-crossed once scrolled past a third of the header', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.locator('body')).not.toHaveClass(/header-crossed/);
    const headerHeight = await page.getByRole('banner').evaluate((el) => (el as HTMLElement).offsetHeight);
    await page.evaluate((y) => window.scrollTo(0, y), Math.ceil(headerHeight / 3) + 5);
    await expect(page.locator('body')).toHaveClass(/header-crossed/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator('body')).not.toHaveClass(/header-crossed/);
  });
});

test.describe('choosing a plan', () => {
  test('signed out: stores itemo, asks to log in, then opens /checkout', async ({ page, request }) => {
    const { user } = await registerUser(request, 'plan');
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose Popular' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('itemo'))).toBe('Popular');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('main').getByText('Popular').first()).toBeVisible();
  });

  test('signed in: from the home page straight to /checkout', async ({ page, testUser }) => {
    await page.addInitScript((token) => localStorage.setItem('token', token), testUser.token);
    await page.goto('/');
    await page.getByRole('button', { name: 'Choose Premium' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await page.evaluate(() => localStorage.getItem('itemo'))).toBe('Premium');
  });
});
