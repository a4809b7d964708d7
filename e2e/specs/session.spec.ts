import { messages } from '@lumigen/contract/messages';
import { expect, test, uniqueEmail } from '../fixtures.ts';

test.describe('session API', () => {
  test('register, log in and read the balance', async ({ page }) => {
    const email = uniqueEmail('session');
    const password = 'a long enough password';

    const registered = await page.request.post('/api/user/register', { data: { name: 'Ada', email, password } });
    expect(registered.status()).toBe(201);
    const registration = await registered.json();
    expect(registration).toMatchObject({
      success: true,
      message: 'Registered successfully!',
      user: { name: 'Ada', email, creditBalance: 5 },
    });
    expect(registration.token).toEqual(expect.any(String));

    const loggedIn = await page.request.post('/api/user/login', { data: { email, password } });
    expect(loggedIn.status()).toBe(200);
    const login = await loggedIn.json();
    expect(login).toMatchObject({ success: true, message: 'Login successfully!', user: registration.user });
    expect(login.token).not.toBe(registration.token);

    const credit = await page.request.post('/api/image/get-credit', { headers: { token: login.token } });
    expect(credit.status()).toBe(200);
    expect(await credit.json()).toEqual({
      success: true,
      message: messages.creditLoaded,
      creditBalance: 5,
      name: 'Ada',
      email,
      emailVerified: false,
      role: 'customer',
    });
  });

  test('a wrong password is refused', async ({ page, testUser }) => {
    const response = await page.request.post('/api/user/login', {
      data: { email: testUser.user.email, password: 'not the password' },
    });
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ success: false, message: messages.invalidCredentials });
  });

  test('a bogus or missing token is refused with 401', async ({ page }) => {
    const bogus = await page.request.post('/api/image/get-credit', { headers: { token: 'not-a-real-token' } });
    expect(bogus.status()).toBe(401);
    expect(await bogus.json()).toEqual({ success: false, message: 'Please log in to continue' });

    const missing = await page.request.post('/api/image/get-credit');
    expect(missing.status()).toBe(401);
    expect(await missing.json()).toEqual({ success: false, message: 'Please log in to continue' });
  });

  test('logging out ends the session', async ({ page, testUser }) => {
    const before = await page.request.post('/api/image/get-credit', { headers: { token: testUser.token } });
    expect(before.status()).toBe(200);
    expect(await before.json()).toMatchObject({
      creditBalance: testUser.user.creditBalance,
      email: testUser.user.email,
    });

    const logout = await page.request.post('/api/user/logout', { headers: { token: testUser.token } });
    expect(logout.status()).toBe(200);
    expect(await logout.json()).toEqual({ success: true, message: messages.loggedOut });

    const after = await page.request.post('/api/image/get-credit', { headers: { token: testUser.token } });
    expect(after.status()).toBe(401);
    expect(await after.json()).toEqual({ success: false, message: 'Please log in to continue' });
  });
});
