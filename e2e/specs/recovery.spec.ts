import { randomUUID } from 'node:crypto';
import { messages } from '@lumigen/contract/messages';
import { expect, readLatestMail, registerUser, test, testPassword, type Mail } from '../fixtures.ts';

const resetSubject = 'Reset your Lumigen password';
const verifySubject = 'Confirm your e-mail address for Lumigen';
const newPassword = 'a fresh and longer password';

function linkTo(mail: Mail, pathname: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname === pathname);
  expect(link, `a ${pathname} link in:\n${mail.text}`).toBeTruthy();
  return link!;
}

test.describe('account recovery', () => {
  test('a reset mailed from /reset sets a new password and signs in; the old password no longer works', async ({
    page,
    testUser,
  }) => {
    const { email } = testUser.user;
    await page.goto('/reset');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByText(messages.resetRequested)).toBeVisible();

    const link = linkTo(await readLatestMail(email, { subject: resetSubject }), '/reset');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    // The token left the address bar once read.
    await expect(page).toHaveURL(/\/reset$/);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page).toHaveURL(/\/generate$/);
    await expect(page.getByText(messages.passwordReset)).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByText('Hi, E2E Tester')).toBeVisible();
    // Every other session ended with the reset, the fixture's too.
    expect((await page.request.post('/api/image/get-credit', { headers: { token: testUser.token } })).status()).toBe(
      401,
    );

    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(testPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(messages.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/generate$/);
    await expect(header.getByText('Hi, E2E Tester')).toBeVisible();
  });

  test('a reset link used once says so the second time, and offers a new one', async ({ page, testUser }) => {
    const { email } = testUser.user;
    expect((await page.request.post('/api/user/reset-request', { data: { email } })).status()).toBe(200);
    const link = linkTo(await readLatestMail(email, { subject: resetSubject }), '/reset');
    // The token rides in the fragment, which no server or proxy sees.
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
    expect((await page.request.post('/api/user/reset', { data: { token, password: newPassword } })).status()).toBe(200);

    await page.goto(link);
    await page.getByLabel('New password').fill('yet another password');
    await page.getByLabel('Confirm password').fill('yet another password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.resetLinkUsed);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
  });
});

test.describe('e-mail confirmation', () => {
  test('the sign-up link confirms the address, and the notice leaves the tool page', async ({ page, request }) => {
    const { token, user } = await registerUser(request, 'verify');
    await page.addInitScript((value) => localStorage.setItem('token', value), token);

    await page.goto('/generate');
    const notice = page.getByRole('status').filter({ hasText: 'Confirm your e-mail address' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(user.email);

    const link = linkTo(await readLatestMail(user.email, { subject: verifySubject }), '/verify');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'E-mail address confirmed' })).toBeVisible();
    await expect(page.getByText(messages.emailVerified)).toBeVisible();
    await expect(page).toHaveURL(/\/verify$/);

    await page.getByRole('link', { name: 'Start creating' }).click();
    await expect(page).toHaveURL(/\/generate$/);
    await expect(page.getByRole('heading', { name: 'Image Generator' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('5 Credits')).toBeVisible();
    await expect(notice).toHaveCount(0);
    // And from a fresh load, which reads the session from the server.
    await page.reload();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await expect(page.getByRole('banner').getByText('5 Credits')).toBeVisible();
    await expect(page.getByRole('button', { name: /Generate/ })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  // The prerendered hero is meant to be the page's largest paint, drawn before any code runs; a
  // notice larger than it became the largest paint a second later on a phone (Lighthouse's LCP,
  // decision 038). An address as long as the web bench's: 43 characters.
  test('on a phone the notice stays smaller than the hero of every page that shows it', async ({ page, request }) => {
    const email = `e2e-hero-${randomUUID().slice(0, 18)}@lumigen.example`;
    const registered = await request.post('/api/user/register', {
      data: { name: 'E2E Tester', email, password: testPassword },
    });
    expect(registered.status()).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    await page.setViewportSize({ width: 375, height: 812 });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    const area = async (selector: string) => {
      const box = await page.locator(selector).boundingBox();
      return box ? box.width * box.height : 0;
    };
    for (const path of [
      '/generate',
      '/removebg',
      '/removetxt',
      '/editimage',
      '/variant',
      '/addbg',
      '/upscale',
      '/uncrop',
      '/cleanup',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('status').filter({ hasText: 'Confirm your e-mail address' })).toBeVisible();
      const [hero, notice] = [
        await area('.page-hero__lead'),
        await area('.verification-notice__text p:not(.verification-notice__title)'),
      ];
      expect(notice, path).toBeGreaterThan(0);
      expect(hero, `${path}: the hero's lead (${hero} px²) against the notice's text (${notice} px²)`).toBeGreaterThan(
        notice,
      );
    }
  });

  test('Resend link on the tool page mails a new link', async ({ page, testUser }) => {
    await page.addInitScript((value) => localStorage.setItem('token', value), testUser.token);
    await page.goto('/upscale');
    await page.getByRole('button', { name: 'Resend link' }).click();
    await expect(page.getByText(messages.verificationSent(testUser.user.email))).toBeVisible();
  });
});
