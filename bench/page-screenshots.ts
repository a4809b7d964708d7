/**
 * The README's page pictures (docs/screenshots/<page>-<width>.png): each page whole, at 1440 and
 * 375 px, in Debian's Chromium against the built app. `npm run build`, then
 * `npx tsx bench/page-screenshots.ts`.
 */
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startWebServer } from './web-server.ts';

const out = path.join(import.meta.dirname, '../docs/screenshots');
const pages = [
  { name: 'home', path: '/' },
  { name: 'pricing', path: '/pricing' },
];

/** Lazy pictures load only near the viewport: walk down the page, then back to the top. */
async function loadEverything(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(60);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

const server = await startWebServer(Number(process.env.SCREENSHOT_PORT ?? 8096));
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const { name, path: urlPath } of pages) {
    for (const width of [1440, 375]) {
      // Reduced motion: tickers and carousels hold still, so the picture is the page at rest.
      const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await page.goto(`${server.origin}${urlPath}`, { waitUntil: 'networkidle' });
      await loadEverything(page);
      const file = path.join(out, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
