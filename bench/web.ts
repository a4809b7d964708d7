import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { chromiumFlags, findChromium } from '../e2e/find-chromium.ts';
import { startWebServer } from './web-server.ts';

// The browser tests' Chromium, in the headless mode the published figures were measured in.
const found = findChromium();
const chromePath = found.path;
const chromeFlags = ['--headless=new', ...chromiumFlags.filter((f) => f !== '--headless')];

/**
 * docs/architecture.md §5 names `/`, `/pricing` and `/generate`; the bench adds `/login` and the
 * tool pages `/removebg` (one picture in, one out) and `/cleanup` (the mask painter). `/generate` and
 * the tools are signed-in pages (a visitor without a session is sent to /login), so they are measured
 * signed in, as a new account whose address is not confirmed yet (the tools then show the notice).
 */
const pages: Array<{ path: string; signedIn?: boolean }> = [
  { path: '/' },
  { path: '/pricing' },
  { path: '/login' },
  { path: '/generate', signedIn: true },
  { path: '/removebg', signedIn: true },
  { path: '/cleanup', signedIn: true },
];

/** JS and CSS a first visit to `path` downloads until the network is idle, gzip-compressed. */
async function firstLoadBytes(origin: string, path: string) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromeFlags.filter((f) => !f.startsWith('--headless')),
  });
  try {
    const page = await browser.newPage();
    const bodies: Array<{ type: 'js' | 'css'; url: string; gzip: number }> = [];
    page.on('response', async (response) => {
      const url = response.url();
      const type = url.endsWith('.js') ? 'js' : url.endsWith('.css') ? 'css' : undefined;
      if (!type) return;
      const body = await response.body().catch(() => undefined);
      if (body) bodies.push({ type, url, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    const sum = (type: 'js' | 'css') => bodies.filter((b) => b.type === type).reduce((total, b) => total + b.gzip, 0);
    return { js: sum('js'), css: sum('css'), files: bodies.length };
  } finally {
    await browser.close();
  }
}

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds, except CLS (unitless). Lighthouse's simulated (throttled) values. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Why Lighthouse could not measure the page, when it could not. */
  error?: string;
};

/** A fresh account's session in the browser's storage, for the signed-in page. */
async function signIn(origin: string, port: number) {
  const registered = await fetch(`${origin}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Web',
      email: `bench.web.${process.pid}.${Date.now()}@example.com`,
      password: 'bench password',
    }),
  });
  const { token } = (await registered.json()) as { token: string };
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // Any small file of the origin gives the page its storage, without warming the cache for the run.
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run in a Chrome of its own (as the Lighthouse CLI does): a fresh profile, so no
 * cache or storage carries over. Sharing one Chrome between runs sometimes lost the trace's
 * navigation start (NO_NAVSTART), so a run Lighthouse could not measure is tried again, twice at most.
 */
async function lighthouseRun(origin: string, page: (typeof pages)[number], saveAs?: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      if (page.signedIn) await signIn(origin, chrome.port);
      const result = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // Keeps the session just stored; the profile is new, so there is no cache to clear.
        disableStorageReset: page.signedIn === true,
      });
      const lhr = result?.lhr;
      if (saveAs && lhr) await writeFile(saveAs, JSON.stringify(lhr));
      if (lhr?.runtimeError && attempt < 3) continue;
      const score = (id: string) => Math.round((lhr?.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
        ...(lhr?.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      };
    } finally {
      chrome.kill();
    }
  }
}

const budgetLine = 'performance >= 95, accessibility 100, best practices 100, SEO >= 95';
const withinBudget = (run: Run) =>
  !run.error && run.performance >= 95 && run.accessibility === 100 && run.bestPractices === 100 && run.seo >= 95;
const runLine = (run: Run, index: number) =>
  `${index + 1}: performance ${run.performance} (TBT ${run.tbt.toFixed(0)} ms, LCP ${(run.lcp / 1000).toFixed(1)} s) a11y ${run.accessibility} bp ${run.bestPractices} SEO ${run.seo}${run.error ? ' failed' : ''}`;

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Each figure's median over the runs (each figure on its own, as Lighthouse's own variance advice does). */
function medianRun(runs: Run[]): Run {
  const keys = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'si'] as const;
  const out = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Record<
    (typeof keys)[number],
    number
  >;
  const errors = runs.flatMap((r) => (r.error ? [r.error] : []));
  return errors.length ? { ...out, error: errors.join('; ') } : out;
}

/**
 * Lighthouse mobile (its default: simulated slow 4G and a 4× slower CPU) on each page, `runs`
 * times, reporting medians. BENCH_LHR_DIR keeps every run's full report (`<page>-<n>.json`).
 */
export async function benchWeb({
  runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
  only = process.env.BENCH_WEB_PAGES?.split(','),
} = {}) {
  const lhrDir = process.env.BENCH_LHR_DIR;
  if (lhrDir) await mkdir(lhrDir, { recursive: true });
  const server = await startWebServer(Number(process.env.BENCH_WEB_PORT ?? 8095));
  // Lighthouse's figures differ between Chromium builds, so say which one measured them.
  console.log(`browser: ${chromePath} (${found.source})`);
  try {
    const bytes = await firstLoadBytes(server.origin, '/');
    console.log(
      `first load of /: JavaScript ${(bytes.js / 1024).toFixed(1)} kB gzip (budget <= 120 kB), CSS ${(bytes.css / 1024).toFixed(1)} kB gzip, ${bytes.files} files`,
    );

    const scores: Record<string, Run & { runs: Run[]; loadAverage: number[] }> = {};
    // BENCH_WEB_PAGES may name any page; one not in the list above is measured signed out.
    for (const page of only ? only.map((path) => pages.find((p) => p.path === path) ?? { path }) : pages) {
      const done: Run[] = [];
      for (let i = 1; i <= runs; i += 1) {
        const name = page.path === '/' ? 'home' : page.path.slice(1).replaceAll('/', '_');
        done.push(
          await lighthouseRun(server.origin, page, lhrDir ? path.join(lhrDir, `${name}-${i}.json`) : undefined),
        );
      }
      const m = medianRun(done);
      // Other work on the machine inflates the CPU time Lighthouse observes (and so TBT): say how busy it was.
      const loadAverage = os.loadavg();
      scores[page.path] = { ...m, runs: done, loadAverage };
      const label = `${page.path}${page.signedIn ? ' (signed in)' : ''}`;
      console.log(
        `Lighthouse mobile ${label.padEnd(21)} performance ${m.performance}  accessibility ${m.accessibility}  best practices ${m.bestPractices}  SEO ${m.seo}` +
          `   FCP ${(m.fcp / 1000).toFixed(1)} s  LCP ${(m.lcp / 1000).toFixed(1)} s  TBT ${m.tbt.toFixed(0)} ms  CLS ${m.cls.toFixed(3)}  SI ${(m.si / 1000).toFixed(1)} s` +
          `   (median of ${runs}; load ${loadAverage[0]!.toFixed(2)})` +
          (m.error ? `\n  failed: ${m.error}` : ''),
      );
      // The budget holds for every run, not the median: print each beside it.
      console.log(
        `  each run: ${done.map(runLine).join(' | ')}   budget ${budgetLine}: ${done.every(withinBudget) ? 'met in every run' : 'SHORT'}`,
      );
    }
    console.log(`budgets, in each of the ${runs} runs: ${budgetLine}`);
    return { firstLoad: bytes, lighthouse: scores };
  } finally {
    await server.stop();
  }
}
