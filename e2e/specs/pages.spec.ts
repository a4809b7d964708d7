import AxeBuilder from '@axe-core/playwright';
import { brand } from '@lumigen/contract/brand';
import { messages } from '@lumigen/contract/messages';
import { expect, signIn, test, uniqueEmail } from '../fixtures.ts';

/** The public pages of docs/product.md §2 other than / and /newsletter, with the h1 each must show. */
const pages = [
  { path: '/pricing', h1: 'Subscription Plans', title: 'Pricing · Lumigen' },
  { path: '/featured', h1: 'Everything Lumigen does', title: 'Features · Lumigen' },
  { path: '/about', h1: 'About Lumigen', title: 'About Us · Lumigen' },
  { path: '/use-cases', h1: 'Made for everyone who needs images', title: 'Use Cases · Lumigen' },
  { path: '/copywrite', h1: 'Words and images, together', title: 'Copywriting · Lumigen' },
  { path: '/faq', h1: 'Frequently asked questions', title: 'FAQ · Lumigen' },
  { path: '/privacy-policy', h1: 'Privacy Policy', title: 'Privacy Policy · Lumigen' },
  { path: '/terms-service', h1: 'Terms of Service', title: 'Terms of Service · Lumigen' },
  { path: '/contact', h1: 'Contact Us', title: 'Contact Us · Lumigen' },
];

test.describe('public pages', () => {
  for (const { path, h1, title } of pages) {
    test(`${path} renders its one h1 and title, without console errors`, async ({ page }) => {
      // Console errors fail it through the fixture.
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(title);
    });
  }

  for (const width of [1440, 375]) {
    test(`no axe violations and no horizontal scroll at ${width} px`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      for (const { path, h1 } of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways at ${width} px`).toBe(0);
      }
    });
  }
});

test.describe('pricing FAQ', () => {
  test('one question open per group, the first by default; clicking the open one closes it', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription Plans' })).toBeVisible();
    const group = (name: string) => page.getByRole('region', { name }).getByRole('button');
    const state = async (name: string) =>
      Promise.all((await group(name).all()).map((b) => b.getAttribute('aria-expanded')));

    expect(await state('General')).toEqual(['true', 'false', 'false', 'false']);
    expect(await state('Billing')).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(await state('Product')).toEqual(['true', 'false', 'false']);
    await expect(page.getByText('Credits are prepaid. Each generated image')).toBeVisible();

    await group('Billing').nth(3).click();
    expect(await state('Billing')).toEqual(['false', 'false', 'false', 'true', 'false']);
    await expect(page.getByText('No. Credits stay on your account until you use them.')).toBeVisible();
    await expect(page.getByText('Credits are prepaid. Each generated image')).toBeHidden();
    expect(await state('General')).toEqual(['true', 'false', 'false', 'false']);

    await group('Billing').nth(3).click();
    expect(await state('Billing')).toEqual(['false', 'false', 'false', 'false', 'false']);
    await expect(page.getByText('No. Credits stay on your account until you use them.')).toBeHidden();

    // Keyboard too: Enter on a focused question opens it.
    await group('Product').nth(1).focus();
    await page.keyboard.press('Enter');
    expect(await state('Product')).toEqual(['false', 'true', 'false']);
  });

  test('the trial call to action leads to sign-up', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Free Trial With 5 Credits' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('contact', () => {
  test('shows the brand e-mail and phone as links', async ({ page }) => {
    await page.goto('/contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: brand.email })).toHaveAttribute('href', `mailto:${brand.email}`);
    await expect(main.getByRole('link', { name: brand.phone })).toHaveAttribute('href', 'tel:+15550100');
  });

  test('an incomplete form shows inline errors and sends nothing', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/contact')) calls.push(request.url());
    });
    await page.goto('/contact');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email must be a valid email address')).toBeVisible();
    await expect(page.getByText('Comments is required')).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('a sent message is stored, then the form clears and a toast confirms it', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Playwright Tester');
    await page.getByLabel('Email').fill(uniqueEmail('contact'));
    await page.getByLabel('Comments').fill('Do credits expire if I do not use them for a year?');

    const stored = page.waitForResponse(
      (response) => response.url().endsWith('/api/contact') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send message' }).click();
    const response = await stored;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: messages.contactReceived });

    await expect(
      page.getByRole('alert').filter({ hasText: 'submitted successfully! We will get back.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Comments')).toHaveValue('');
  });

  test('a server refusal is shown as an error toast and the text is kept', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 429, json: { success: false, message: 'Too many attempts. Try again in 60 seconds.' } }),
    );
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Playwright Tester');
    await page.getByLabel('Email').fill('tester@lumigen.example');
    await page.getByLabel('Comments').fill('Hello');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Too many attempts. Try again in 60 seconds.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Comments')).toHaveValue('Hello');
  });
});

test.describe('about page motion', () => {
  test('the benefits carousel advances on its own and stops while hovered', async ({ page }) => {
    await page.goto('/about');
    const carousel = page.getByRole('region', { name: 'Benefits' });
    const selected = carousel.locator('[data-selected]');
    await expect(selected).toHaveAttribute('aria-label', '1 of 6');
    await expect(selected).not.toHaveAttribute('aria-label', '1 of 6', { timeout: 5_000 });

    await carousel.hover();
    // The hold takes a render to reach the autoplay; a tick already under way may still land (it
    // did on a loaded CI run), so the held slide is read once that moment has passed.
    await page.waitForTimeout(1_000);
    const held = await selected.getAttribute('aria-label');
    await page.waitForTimeout(3_000);
    await expect(selected).toHaveAttribute('aria-label', held!);
  });

  test('with reduced motion nothing moves on its own', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/about');
    const carousel = page.getByRole('region', { name: 'Benefits' });
    await expect(carousel.getByRole('button', { name: 'Pause automatic slides' })).toHaveCount(0);
    await page.waitForTimeout(2_500);
    await expect(carousel.locator('[data-selected]')).toHaveAttribute('aria-label', '1 of 6');
    // The ticker stands still: no animation, and no pause button since nothing moves.
    expect(
      await page.locator('.about-ticker .ticker__track').evaluate((track) => getComputedStyle(track).animationName),
    ).toBe('none');
    await expect(page.getByRole('button', { name: 'Pause What Lumigen can do' })).toBeHidden();
    await context.close();
  });
});

// The fonts were found only once the first layout needed them (decision 044). A page's code was
// preloaded by Vite's helper, a link for each chunk in a long task of its own, and when the HTML named
// the chunks instead, Lighthouse's simulated network counted them before the first paint (decision 045).
test.describe('what a page’s HTML asks for before any code runs', () => {
  const preloaded = (html: string, as: 'modulepreload' | 'preload') =>
    [...html.matchAll(/<link\s+rel="([a-z]+)"[^>]*href="([^"]+)"/g)]
      .filter(([, rel]) => rel === as)
      .map(([, , href]) => href!);

  test('every page preloads the two fonts and the entry’s own chunks, no page’s code', async ({ request }) => {
    for (const path of ['/pricing', '/generate']) {
      const html = await (await request.get(path)).text();
      expect(preloaded(html, 'preload').filter((href) => href.endsWith('.woff2'))).toHaveLength(2);
      const chunks = preloaded(html, 'modulepreload');
      expect(chunks.length).toBeGreaterThan(0);
      expect(chunks.filter((href) => /\/assets\/(pricing|generate|tools|profile)-/.test(href))).toEqual([]);
    }
  });

  for (const [path, chunk] of [
    ['/pricing', 'pricing'],
    ['/generate', 'generate'],
    ['/removebg', 'tools'],
  ] as const) {
    test(`${path}: its code loads without a preload link added at run time`, async ({ page, request, testUser }) => {
      const listed = preloaded(await (await request.get(path)).text(), 'modulepreload').length;
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      if (path !== '/pricing') await signIn(page, testUser);
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
      expect(
        scripts.filter((script) => script.startsWith(`/assets/${chunk}-`)),
        `the scripts ${path} ran: ${scripts.join(', ')}`,
      ).not.toEqual([]);
      expect(await page.locator('link[rel="modulepreload"]').count()).toBe(listed);
    });
  }
});
