import AxeBuilder from '@axe-core/playwright';
import { expect, registerUser, test } from '../fixtures.ts';

const publicRoutes = ['/', '/pricing', '/featured', '/about', '/use-cases', '/copywrite', '/faq', '/privacy-policy', '/terms-service', '/contact', '/newsletter', '/login', '/register', '/reset', '/verify', '/test', '/loading', '/no-such-page'];
const protectedRoutes = ['/generate', '/removebg', '/removetxt', '/editimage', '/variant', '/addbg', '/upscale', '/uncrop', '/cleanup', '/profile', '/checkout'];

async function settle(page: import('@playwright/test').Page) {
  await page.waitForLoadState('networkidle');
  // Let lazy chunks render and entrance transitions finish before measuring.
  await page.waitForTimeout(300);
}

async function expectNoViolations(page: import('@playwright/test').Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, label).toEqual([]);
}

test.describe('accessibility and layout of every route', () => {
  for (const width of [1440, 375]) {
    // One test per public route: each gets its own time budget and its own line in the report.
    for (const route of publicRoutes) {
      test(`axe finds nothing on ${route} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(route);
        await settle(page);
        await expectNoViolations(page, `${route} at ${width}px`);
      });
    }

    test(`axe finds nothing on every protected route at ${width} px`, async ({ page, request }) => {
      // Eleven routes visited by one signed-in user, one after the other.
      test.setTimeout(240_000);
      const { token } = await registerUser(request, 'axe');
      await page.addInitScript((value) => {
        localStorage.setItem('token', value);
        // /checkout sends a visitor without a chosen plan back to /pricing.
        localStorage.setItem('itemo', 'Popular');
      }, token);
      await page.setViewportSize({ width, height: 900 });
      for (const route of protectedRoutes) {
        await page.goto(route);
        await settle(page);
        await expect(page).toHaveURL(new RegExp(`${route}$`));
        await expectNoViolations(page, `${route} at ${width}px`);
      }
    });
  }

  test('no horizontal scroll from 320 to 1920 px, one h1 per page and headings in order', async ({ page }) => {
    test.setTimeout(180_000);
    for (const route of publicRoutes) {
      await page.goto(route);
      await settle(page);
      for (const width of [320, 375, 768, 1024, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(100);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${route} at ${width}px scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
      }
      const levels = await page.evaluate(() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
      expect(levels.filter((l) => l === 1), `${route} h1 count`).toHaveLength(1);
      levels.forEach((level, i) => {
        if (i > 0) expect(level - levels[i - 1]!, `${route}: heading level jumps from h${levels[i - 1]} to h${level}`).toBeLessThanOrEqual(1);
      });
    }
  });

  test('every image has alt text and every control is reachable with a visible focus ring', async ({ page }) => {
    for (const route of publicRoutes.slice(0, 11)) {
      await page.goto(route);
      await settle(page);
      const missingAlt = await page.evaluate(() => [...document.images].filter((img) => !img.hasAttribute('alt')).map((img) => img.src));
      expect(missingAlt, route).toEqual([]);
    }
    await page.goto('/');
    await settle(page);
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'none';
        const style = getComputedStyle(el);
        return style.outlineStyle === 'none' || style.outlineWidth === '0px' ? `none on ${el.outerHTML.slice(0, 80)}` : 'ok';
      });
      expect(outline).toBe('ok');
    }
  });
});
