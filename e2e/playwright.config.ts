import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, findChromium } from './find-chromium.ts';
import { operatorEmail } from './operator.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;

// This file is loaded by the runner and again by every worker. The runner makes one fresh data
// directory per run and hands it to the workers through the environment; only it removes it, on exit
// (after Playwright has stopped the server), so tests never touch ./data nor a previous run's data.
function freshDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lumigen-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const dataDir = process.env.E2E_DATA_DIR ?? freshDataDir();

// Playwright's own browser download is not reachable on these machines: CHROMIUM_PATH, a system
// Chromium, or the one inside the @sparticuz/chromium package. Said once, by the runner (workers
// load this file too), so a surprising browser is visible in the log.
const browser = findChromium();
if (process.env.TEST_WORKER_INDEX === undefined) console.log(`Browser tests in ${browser.path} (${browser.source})`);

// Playwright requires a default export here.
export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two cores here. Two workers overlap one test's waits (the server, an upload, a model run) with
  // another's rendering: the suite took 10.4 min with two, 15.6 min with one. Each test's budget
  // leaves room for that sharing.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: '../reports/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: browser.path, args: chromiumFlags },
      },
    },
  ],
  webServer: {
    // The real server as `npm start` runs it, built, on the built web app (`npm run build` first;
    // `npm test` does).
    command: 'npm start --silent -w @lumigen/server',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: baseURL,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // PGlite in DATA_DIR unless E2E_DATABASE_URL names a PostgreSQL database; a DATABASE_URL of
      // the surrounding shell must never leak into the tests.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // Every test signs up its own user from one IP; the production limit would throttle the suite.
      AUTH_RATE_LIMIT_IP_MAX: '1000',
      // Likewise every test's generations, edits and forms come from that one IP.
      PAID_RATE_LIMIT_IP_MAX: '10000',
      FORMS_RATE_LIMIT_IP_MAX: '1000',
      // The suite's paid flows run the local engines through the credit path; previews at their
      // default price (free) are driven on a server of their own (previews.spec.ts).
      LOCAL_PREVIEW_CREDITS: '1',
      // The operator of admin.spec.ts: an admin once the spec confirms the address (decision 054).
      ADMIN_EMAILS: operatorEmail,
    },
  },
});
