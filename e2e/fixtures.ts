import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse, PublicUser } from '@lumigen/contract/accounts';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';

export type TestUser = { token: string; user: PublicUser; password: string };

/** A unique address per call, so tests never share an account (nor collide on a reused database). */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${randomUUID()}@lumigen.example`;
}

export const testPassword = 'correct horse battery staple';

/** Registers a new user through the API, as the sign-up form will (`origin`: a server of a spec's own). */
export async function registerUser(request: APIRequestContext, label?: string, origin = ''): Promise<TestUser> {
  const email = uniqueEmail(label);
  const response = await request.post(`${origin}/api/user/register`, {
    data: { name: 'E2E Tester', email, password: testPassword },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as AuthResponse;
  return { token: body.token, user: body.user, password: testPassword };
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type OwnServer = { origin: string; dataDir: string; stop: () => Promise<void> };

/**
 * The built server on a port and data directory of its own, for a spec that needs settings the
 * shared one does not have: `env` goes over this process's environment (undefined unsets a
 * variable), and no provider key or choice is passed on, so it runs only its own engines.
 */
export async function startOwnServer(name: string, env: NodeJS.ProcessEnv): Promise<OwnServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `lumigen-e2e-${name}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Node leaves out variables whose value is undefined, so these are not passed on.
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    CLIPDROP_API_KEY: undefined,
    OPENAI_API_KEY: undefined,
    STABILITY_API_KEY: undefined,
    TOOLS_PROVIDER: undefined,
    GENERATION_PROVIDER: undefined,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...env,
  };
  const server = spawn(process.execPath, ['dist/server.js'], {
    cwd: path.resolve(import.meta.dirname, '../apps/server'),
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Ready when its health answers; a server that exits first fails here with its own log above.
    await expect
      .poll(
        async () =>
          server.exitCode === null ? (await fetch(`${origin}/api/health`).catch(() => undefined))?.status : 'exited',
        { timeout: 60_000 },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, dataDir, stop };
}

/**
 * A full-page screenshot named `name` (`clip`: a part of the page). With `E2E_SCREENSHOTS=1` it is
 * one of the README's pictures, in docs/screenshots, quantised to a palette so the repository
 * stays small; otherwise it goes as Chromium wrote it among the test's own results (quantising at
 * effort 10 cost seconds of CPU per picture nobody keeps, and a loaded CI run timed out in it).
 */
export async function savePageScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
): Promise<void> {
  const forDocs = process.env.E2E_SCREENSHOTS === '1';
  const out = forDocs ? path.resolve(import.meta.dirname, '../docs/screenshots') : testInfo.outputDir;
  await mkdir(out, { recursive: true });
  const file = path.join(out, `${name}.png`);
  const options = { fullPage: true, ...(clip ? { clip } : {}) };
  if (forDocs)
    await sharp(await page.screenshot(options))
      .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
      .toFile(file);
  else await page.screenshot({ ...options, path: file });
}

/** The imaging package's test pictures, shared by the tool specs. */
export const imagingFixture = (name: string) =>
  path.resolve(import.meta.dirname, '../packages/imaging/test/fixtures', name);

/** Signs the page in as `user` before it loads (the token the app keeps in localStorage). */
export async function signIn(page: Page, { token }: { token: string }) {
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** The user's balance, asked from the server (`origin`: a server of a spec's own). */
export async function creditBalance(
  request: APIRequestContext,
  { token }: { token: string },
  origin = '',
): Promise<number> {
  const response = await request.post(`${origin}/api/image/get-credit`, { headers: { token } });
  return ((await response.json()) as { creditBalance: number }).creditBalance;
}

export type Mail = { subject: string; text: string; links: string[] };

/**
 * The newest mail to `to` (with `subject`, when given) that the e2e server wrote to its outbox
 * (DATA_DIR/outbox: no SMTP_URL in playwright.config.ts; `dataDir`: a spec's own server's), with the links of its text part. Mail
 * leaves after the answer, so this waits for it a little.
 */
export async function readLatestMail(
  to: string,
  {
    subject,
    timeoutMs = 10_000,
    dataDir = process.env.E2E_DATA_DIR,
  }: { subject?: string; timeoutMs?: number; dataDir?: string | undefined } = {},
): Promise<Mail> {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // File names start with the time they were written, so the last one is the newest.
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const recipients = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) =>
        address.value.map((v) => v.address?.toLowerCase()),
      );
      if (!recipients.includes(to.toLowerCase()) || (subject !== undefined && mail.subject !== subject)) continue;
      const text = mail.text ?? '';
      return { subject: mail.subject ?? '', text, links: text.match(/https?:\/\/\S+/g) ?? [] };
    }
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to}${subject ? ` with subject "${subject}"` : ''} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Confirms the user's address with the link mailed at sign-up, as opening it would (the page posts
 * the token the link carries in its fragment). Only a confirmed account makes API keys. `server`:
 * a spec's own server, whose outbox is in its data directory.
 */
export async function confirmAddress(
  request: APIRequestContext,
  { user }: TestUser,
  server?: Pick<OwnServer, 'origin' | 'dataDir'>,
): Promise<void> {
  const mail = await readLatestMail(user.email, {
    subject: 'Confirm your e-mail address for Lumigen',
    dataDir: server?.dataDir ?? process.env.E2E_DATA_DIR,
  });
  const link = mail.links.find((candidate) => new URL(candidate).pathname === '/verify');
  if (!link) throw new Error(`no /verify link in the mail to ${user.email}`);
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  const response = await request.post(`${server?.origin ?? ''}/api/user/verify`, { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Chromium's own line for an answer with a 4xx or 5xx status. The specs cause those on purpose
 * (a refused card, an expired link) and check what the page does with them; any other console
 * error, a CSP refusal among them, is a bug.
 */
const refusedRequest = /^Failed to load resource: the server responded with a status of [45]\d\d\b/;

/**
 * The trace recorder (traces of failures are kept: playwright.config.ts) fetches an image's blob:
 * URL that it cannot draw, such as a chosen file that is not a picture, and the page's CSP refuses
 * that fetch; the app itself fetches only its own paths (lib/api.ts), so this line is the recorder's.
 */
const recorderBlobFetch =
  /^Connecting to 'blob:[^']+' violates the following Content Security Policy directive: "connect-src /;

/** Every console error and uncaught error of the context's pages, as they happen. */
function watchForErrors(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && !refusedRequest.test(message.text()) && !recorderBlobFetch.test(message.text()))
      problems.push(`console error on ${message.page()?.url() ?? 'a page'}: ${message.text()}`);
  });
  context.on('weberror', (webError) =>
    problems.push(`uncaught error on ${webError.page()?.url() ?? 'a page'}: ${webError.error().message}`),
  );
  return problems;
}

export const test = base.extend<{ testUser: TestUser }>({
  // Any spec fails on a console error or an uncaught error in its pages (CSP refusals show there).
  context: async ({ context }, use) => {
    const problems = watchForErrors(context);
    await use(context);
    expect(problems, 'console errors and uncaught errors in the pages').toEqual([]);
  },
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
