import { messages } from '@lumigen/contract/messages';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../fixtures.ts';

const heroTitle = 'Images from a sentence. Edits in a click.';

/** Every block of docs/product.md §2's landing page, by its h2, in page order. */
const sectionHeadings = [
  'One studio for every image you need',
  "We Worked With World's Top 1,000+ BRANDS",
  'What We Do',
  'Loved by 30k+ happy customers',
  'Pay once, create whenever you like',
  'Fresh prompts in your inbox',
  'Why Choose Lumigen',
  'Frequently Asked Questions',
];

const footerStatus = (page: Page) => page.getByRole('contentinfo').getByRole('status');

/** The testimonial dot marked current, as a number (1-based). */
async function currentSlide(page: Page): Promise<string | null> {
  const current = page.getByRole('region', { name: 'Customer testimonials' }).locator('[aria-current="true"]');
  return current.getAttribute('aria-label');
}

test.describe('home page', () => {
  test('renders the hero and says the API is healthy in the footer, without console errors', async ({ page }) => {
    // CSP violations (e.g. an inline script) and uncaught errors fail it through the fixture.
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Lumigen — AI image studio');
    await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
    await expect(footerStatus(page)).toHaveText('All systems operational');
  });

  test('the footer says so while checking and when the API is unavailable', async ({ page }) => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/health', async (route) => {
      await answered;
      await route.fulfill({ status: 503, json: { status: 'degraded', database: 'down', uptimeSeconds: 1 } });
    });

    await page.goto('/');
    await expect(footerStatus(page)).toHaveText('Checking system status…');
    answer();
    await expect(footerStatus(page)).toHaveText('Lumigen is unavailable right now. Please try again shortly.');
  });

  test('a deep link is answered with the app (SPA fallback)', async ({ page }) => {
    const response = await page.goto('/some/deep/link');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(footerStatus(page)).toHaveText('All systems operational');
  });

  test('an unknown API path is a JSON 404, not the app', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: 'Not found' });
  });

  test('every block renders its heading, with one h1 and no skipped levels', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    for (const name of sectionHeadings) {
      const heading = main.getByRole('heading', { level: 2, name, exact: true });
      await heading.scrollIntoViewIfNeeded();
      await expect(heading).toBeVisible();
    }
    // The lazily loaded parts are in by now: the carousel and the FAQ tabs.
    await expect(page.getByRole('region', { name: 'Customer testimonials' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'FAQ topics' })).toBeVisible();

    const levels = await main
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((elements) => elements.map((element) => Number(element.tagName[1])));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level, `heading ${index} skips a level`).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
    const h2s = await main.locator('h2').allTextContents();
    expect(h2s).toEqual(sectionHeadings);
  });

  test('Generate goes to /generate (the guard asks to log in first) and Get Started to /register', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByRole('link', { name: 'Generate', exact: true })).toHaveAttribute('href', '/generate');
    await expect(hero.getByRole('link', { name: 'Get Started', exact: true })).toHaveAttribute('href', '/register');

    await hero.getByRole('link', { name: 'Generate', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/');
    await hero.getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the hero gallery loads its first picture eagerly and with high priority; every picture has alt text and a size', async ({
    page,
  }) => {
    await page.goto('/');
    const first = page.getByRole('list', { name: 'Images made with Lumigen' }).locator('img').first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(640);

    const images = await page.locator('main img').evaluateAll((elements) =>
      elements.map((image) => ({
        alt: image.getAttribute('alt'),
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
        loading: image.getAttribute('loading'),
        src: image.getAttribute('src'),
      })),
    );
    expect(images.length).toBeGreaterThanOrEqual(7);
    for (const image of images) {
      expect(image.alt, image.src ?? '').toBeTruthy();
      expect(Number(image.width), image.src ?? '').toBeGreaterThan(0);
      expect(Number(image.height), image.src ?? '').toBeGreaterThan(0);
      expect(image.src).toMatch(/\.webp$/);
    }
    const welcome = page.getByRole('region', { name: 'One studio for every image you need' }).locator('img').first();
    await expect(welcome).toHaveAttribute('loading', 'lazy');
  });

  test('What We Do lists the ten tools with anchors and a button to each tool', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Tool overview' });
    await expect(menu.getByRole('link')).toHaveCount(10);
    await menu.getByRole('link', { name: 'Background Removal' }).click();
    await expect(page).toHaveURL(/#tool-removebg$/);
    const card = page.locator('#tool-removebg');
    await expect(card).toBeInViewport();
    await expect(card.getByRole('link', { name: 'Open Background Removal' })).toHaveAttribute('href', '/removebg');
    const section = page.getByRole('region', { name: 'What We Do' });
    await expect(section.getByRole('link', { name: /^Open / })).toHaveCount(10);
  });

  test('the FAQ tabs switch between the four topics, and Show More Faq goes to /faq', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' }).scrollIntoViewIfNeeded();
    const tabs = page.getByRole('tablist', { name: 'FAQ topics' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'AI Image Generator',
      'AI Image Editor',
      'Image Background Removal',
      'Image Variants Generator',
    ]);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('tabpanel').getByRole('button', { name: 'How do I write a good prompt?' }),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'AI Image Editor' }).click();
    await expect(page.getByRole('tab', { name: 'AI Image Editor' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Which files can I upload?' })).toBeVisible();
    await expect(page.getByText('How do I write a good prompt?')).toHaveCount(0);

    // Arrow keys move between tabs too.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Image Background Removal' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'What do I get back?' })).toBeVisible();

    await page.getByRole('tab', { name: 'Image Variants Generator' }).click();
    const question = page.getByRole('tabpanel').getByRole('button', { name: 'What is a variant?' });
    await expect(question).toHaveAttribute('aria-expanded', 'true');

    await page.getByRole('link', { name: 'Show More Faq' }).click();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('newsletter: agreement enforced inline, then stored with a toast; a repeat subscribe still succeeds', async ({
    page,
  }) => {
    const email = uniqueEmail('newsletter');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/newsletter')) calls.push(request.postData() ?? '');
    });
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Subscribe to the newsletter' });
    await form.scrollIntoViewIfNeeded();
    const field = form.getByLabel('Email address');
    const agreement = form.getByRole('checkbox', { name: /privacy policy/ });

    // An empty address does nothing.
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveCount(0);

    await field.fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please agree to the privacy policy to subscribe');
    expect(calls).toEqual([]);

    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt === 1) await field.fill(email);
      await agreement.check();
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByText(messages.subscribed).last()).toBeVisible();
      await expect(field).toHaveValue('');
      await expect(agreement).not.toBeChecked();
    }
    expect(calls.map((body) => JSON.parse(body))).toEqual([
      { email, agreed: true },
      { email, agreed: true },
    ]);
  });

  test('the /newsletter page subscribes too', async ({ page }) => {
    await page.goto('/newsletter');
    await expect(page.getByRole('heading', { level: 1, name: 'The Lumigen newsletter' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What subscribers get' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Subscribe to the newsletter' });
    await form.getByLabel('Email address').fill(uniqueEmail('newsletter-page'));
    await form.getByRole('checkbox', { name: /privacy policy/ }).check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText(messages.subscribed)).toBeVisible();
    await expect(form.getByLabel('Email address')).toHaveValue('');
  });

  test('the testimonials carousel plays on its own, holds while hovered, and has labelled controls', async ({
    page,
  }) => {
    await page.goto('/');
    // The carousel's code loads as it nears the viewport.
    await page.getByRole('heading', { level: 2, name: 'Loved by 30k+ happy customers' }).scrollIntoViewIfNeeded();
    const carousel = page.getByRole('region', { name: 'Customer testimonials' });
    await expect(carousel.getByRole('group')).toHaveCount(4);
    await expect(carousel.getByRole('button', { name: 'Previous testimonial' })).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Next testimonial' })).toBeVisible();

    // Autoplay: the current slide changes without any input (2000 ms per step).
    const start = await currentSlide(page);
    await expect.poll(() => currentSlide(page), { timeout: 6_000 }).not.toBe(start);

    // Hovered: it stays put for longer than a step. (The stage, not a slide: a slide may be
    // moving or scrolled out of the viewport, and Playwright waits for a still, visible target.)
    await page.getByTestId('carousel-stage').hover();
    const held = await currentSlide(page);
    await page.waitForTimeout(2_600);
    expect(await currentSlide(page)).toBe(held);

    // The arrows move it.
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect.poll(() => currentSlide(page)).not.toBe(held);
  });

  test('under reduced motion nothing moves: no autoplay and the tickers stand still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: heroTitle })).toBeVisible();
    const animations = await page
      .locator('.ticker__track')
      .evaluateAll((tracks) => tracks.map((track) => getComputedStyle(track).animationName));
    expect(animations.length).toBeGreaterThan(0);
    expect(new Set(animations)).toEqual(new Set(['none']));

    await page.getByRole('heading', { level: 2, name: 'Loved by 30k+ happy customers' }).scrollIntoViewIfNeeded();
    const carousel = page.getByRole('region', { name: 'Customer testimonials' });
    await expect(carousel.getByRole('button', { name: 'Play testimonials' })).toBeVisible();
    const start = await currentSlide(page);
    await page.waitForTimeout(2_600);
    expect(await currentSlide(page)).toBe(start);
  });

  test('the tickers pause while hovered', async ({ page }) => {
    await page.goto('/');
    const band = page.locator('.hero-ticker--makes');
    await expect(band).toBeVisible();
    const state = () => band.locator('.ticker__track').evaluate((track) => getComputedStyle(track).animationPlayState);
    expect(await state()).toBe('running');
    await band.hover();
    expect(await state()).toBe('paused');
  });

  for (const width of [320, 375, 768, 1024, 1440, 1920]) {
    test(`no horizontal scroll at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await page.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('tablist', { name: 'FAQ topics' })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }
});
