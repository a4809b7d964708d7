import { randomUUID } from 'node:crypto';
import type { AuthResponse, PublicUser } from '@lumigen/contract/accounts';
import { test as base, expect, type APIRequestContext } from '@playwright/test';

export type TestUser = { token: string; user: PublicUser; password: string };

/** A unique address per call, so tests never share an account (nor collide on a reused database). */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${randomUUID()}@lumigen.example`;
}

export const testPassword = 'correct horse battery staple';

/** Registers a new user through the API, as the sign-up form will. */
export async function registerUser(request: APIRequestContext, label?: string): Promise<TestUser> {
  const email = uniqueEmail(label);
  const response = await request.post('/api/user/register', { data: { name: 'E2E Tester', email, password: testPassword } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as AuthResponse;
  return { token: body.token, user: body.user, password: testPassword };
}

export const test = base.extend<{ testUser: TestUser }>({
  // Pages arrive prerendered and look ready before their code runs; a click then does nothing.
  // Every page.goto waits for the app to mark the document ready (auth-context.tsx).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
  testUser: async ({ request }, use) => {
    const testUser = await registerUser(request, 'fixture');
    await use(testUser);
    // No account deletion exists yet; ending the session is the cleanup there is. A test may
    // already have logged out, so the answer is not checked. The run's database is discarded.
    await request.post('/api/user/logout', { headers: { token: testUser.token } });
  },
});

export { expect };
