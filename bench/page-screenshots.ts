/**
 * The README's page pictures (docs/screenshots/<page>-<width>.png): each page whole, at 1440 and
 * 375 px (checkout as a newly signed-up person who chose Popular), in the browser tests' Chromium (e2e/find-chromium.ts) against the built app. `npm run build`, then
 * `npx tsx bench/page-screenshots.ts`.
 */
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { findChromium } from '../e2e/find-chromium.ts';
import { startWebServer } from './web-server.ts';

const out = path.join(import.meta.dirname, '../docs/screenshots');
const pages = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'pricing', path: '/pricing', signedIn: false },
  { name: 'checkout', path: '/checkout', signedIn: true, ready: 'Pay now' },
];

/** A new account's session token, as the sign-up form gets it. */
async function signUp(origin: string): Promise<string> {
  const email = `screenshots-${Date.now()}@lumigen.example`;
  const response = await fetch(`${origin}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email, password: 'correct horse battery staple' }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Lazy pictures load only near the viewport: make them all eager and wait for them. (Walking down
 * the page to load them instead sometimes left Chromium's full-page capture with a mis-laid hero.)
 */
async function loadEverything(page: Page) {
  await page.evaluate(() =>
    document.querySelectorAll('img[loading="lazy"]').forEach((img) => ((img as HTMLImageElement).loading = 'eager')),
  );
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all([document.fonts.ready, ...[...document.images].map((img) => img.decode().catch(() => undefined))]),
  );
}

const server = await startWebServer(Number(process.env.SCREENSHOT_PORT ?? 8096));
const browser = await chromium.launch({ executablePath: findChromium().path, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const { name, path: urlPath, signedIn, ready } of pages) {
    for (const width of [1440, 375]) {
      // Reduced motion: tickers and carousels hold still, so the picture is the page at rest.
      const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      if (signedIn) {
        const token = await signUp(server.origin);
        // The session and the bundle chosen on /pricing, as the app keeps them (docs/product.md §3).
        await page.addInitScript((value) => {
          localStorage.setItem('token', value);
          localStorage.setItem('itemo', 'Popular');
        }, token);
      }
      await page.goto(`${server.origin}${urlPath}`, { waitUntil: 'networkidle' });
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      // The payment is made before the card form shows.
      if (ready) await page.getByRole('button', { name: ready }).waitFor();
      await loadEverything(page);
      const file = path.join(out, `${name}-${width}.png`);
      // A palette PNG: a third of the size, and the page's flat colours lose nothing visible.
      await sharp(await page.screenshot({ fullPage: true }))
        .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
        .toFile(file);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
