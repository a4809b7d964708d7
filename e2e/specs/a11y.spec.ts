import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { protectedHeroes } from '../../apps/web/src/app/layout/protected-heroes.ts';
import { publicPaths } from '../../apps/web/src/app/public-paths.ts';
import { expect, registerUser, test } from '../fixtures.ts';

// The prerendered public pages, and two that are not prerendered but are just as public.
const publicRoutes = [...publicPaths, '/loading', '/no-such-page'];
// Every protected page, as the router serves them.
const protectedRoutes = Object.keys(protectedHeroes);
// Axe runs at the two widths the product is designed for; the overflow check at every width in between.
const axeWidths = [1440, 375];
const overflowWidths = [1920, 1440, 1024, 768, 375, 320];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Let lazy chunks render and entrance transitions finish before measuring.
  await page.waitForTimeout(300);
}

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, label).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, route: string, width: number) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${route} at ${width}px scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

test.describe('accessibility and layout of every route', () => {
  // One test per public route (its own time budget and line in the report), one page load each:
  // resizing the loaded page re-lays it out exactly as loading it at that width would, for a page
  // whose layout is CSS; it saves a navigation and a settle per width.
  for (const route of publicRoutes) {
    test(`${route}: axe finds nothing at 1440 and 375 px, no sideways scroll from 320 to 1920 px, one h1, headings in order, alt on every image`, async ({
      page,
    }) => {
      // Two axe runs and six layouts of one page; /about alone takes ~20 s beside another worker.
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(route);
      await settle(page);

      const levels = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
      );
      expect(
        levels.filter((l) => l === 1),
        `${route} h1 count`,
      ).toHaveLength(1);
      levels.forEach((level, i) => {
        if (i > 0)
          expect(
            level - levels[i - 1]!,
            `${route}: heading level jumps from h${levels[i - 1]} to h${level}`,
          ).toBeLessThanOrEqual(1);
      });
      const missingAlt = await page.evaluate(() =>
        [...document.images].filter((img) => !img.hasAttribute('alt')).map((img) => img.src),
      );
      expect(missingAlt, route).toEqual([]);

      for (const width of overflowWidths) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(100);
        await expectNoSidewaysScroll(page, route, width);
        if (axeWidths.includes(width)) await expectNoViolations(page, `${route} at ${width}px`);
      }
    });
  }

  test('axe finds nothing on every protected route at 1440 and 375 px', async ({ page, request }) => {
    // Every protected route visited by one signed-in user, one after the other.
    test.setTimeout(240_000);
    const { token } = await registerUser(request, 'axe');
    await page.addInitScript((value) => {
      localStorage.setItem('token', value);
      // /checkout sends a visitor without a chosen plan back to /pricing.
      localStorage.setItem('itemo', 'Popular');
    }, token);
    for (const route of protectedRoutes) {
      await page.setViewportSize({ width: axeWidths[0]!, height: 900 });
      await page.goto(route);
      await settle(page);
      await expect(page).toHaveURL(new RegExp(`${route}$`));
      for (const width of axeWidths) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(100);
        await expectNoSidewaysScroll(page, route, width);
        await expectNoViolations(page, `${route} at ${width}px`);
      }
    }
  });

  test('every control is reachable with a visible focus ring', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'none';
        const style = getComputedStyle(el);
        return style.outlineStyle === 'none' || style.outlineWidth === '0px'
          ? `none on ${el.outerHTML.slice(0, 80)}`
          : 'ok';
      });
      expect(outline).toBe('ok');
    }
  });
});
