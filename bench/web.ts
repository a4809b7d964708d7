import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startWebServer } from './web-server.ts';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** JS and CSS a first visit to `path` downloads until the network is idle, gzip-compressed. */
async function firstLoadBytes(origin: string, path: string) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((f) => !f.startsWith('--headless')) });
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

async function lighthouseScores(url: string, port: number) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  const categories = result?.lhr.categories ?? {};
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') };
}

export async function benchWeb() {
  const server = await startWebServer(Number(process.env.BENCH_WEB_PORT ?? 8095));
  try {
    const bytes = await firstLoadBytes(server.origin, '/');
    console.log(`first load of /: JavaScript ${(bytes.js / 1024).toFixed(1)} kB gzip (budget <= 120 kB), CSS ${(bytes.css / 1024).toFixed(1)} kB gzip, ${bytes.files} files`);

    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    const scores: Record<string, Awaited<ReturnType<typeof lighthouseScores>>> = {};
    try {
      for (const path of ['/', '/pricing', '/login']) {
        scores[path] = await lighthouseScores(`${server.origin}${path}`, chrome.port);
        const s = scores[path]!;
        console.log(`Lighthouse mobile ${path.padEnd(9)} performance ${s.performance}  accessibility ${s.accessibility}  best practices ${s.bestPractices}  SEO ${s.seo}`);
      }
    } finally {
      await chrome.kill();
    }
    console.log('budgets: performance >= 95, accessibility 100, best practices 100, SEO >= 95');
    return { firstLoad: bytes, lighthouse: scores };
  } finally {
    await server.stop();
  }
}
