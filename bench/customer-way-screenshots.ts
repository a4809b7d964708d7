/**
 * Before/after pictures of the customer's way through (docs/screenshots/customer-way/<view>-<label>.png):
 * the same views of a running app, one per change, cropped to where it shows. Run against the app
 * as it is and as it was (a worktree of an older commit, built and started on another port), e.g.
 * `npx tsx bench/customer-way-screenshots.ts http://127.0.0.1:8238 before`. The server must allow
 * many sign-ups from one address (AUTH_RATE_LIMIT_IP_MAX, as e2e/playwright.config.ts sets it).
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { chromiumFlags, findChromium } from '../e2e/find-chromium.ts';

const [origin, label] = process.argv.slice(2);
if (!origin || !label) throw new Error('usage: customer-way-screenshots.ts <origin> <label>');
const only = process.env.VIEWS?.split(',');
const out = path.join(import.meta.dirname, '../docs/screenshots/customer-way');
const fixture = (name: string) => path.join(import.meta.dirname, '../packages/imaging/test/fixtures', name);
const phone = { width: 375, height: 812 };
const laptop = { width: 1440, height: 900 };

type User = { token: string };

async function register(): Promise<User> {
  const email = `shots-${Date.now()}-${Math.random().toString(36).slice(2)}@lumigen.example`;
  const response = await fetch(`${origin}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email, password: 'correct horse battery staple' }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return { token: ((await response.json()) as { token: string }).token };
}

async function spendAll({ token }: User) {
  const balance = async () =>
    (
      (await (await fetch(`${origin}/api/image/get-credit`, { method: 'POST', headers: { token } })).json()) as {
        creditBalance: number;
      }
    ).creditBalance;
  for (let left = await balance(); left > 0; left -= 1)
    await fetch(`${origin}/api/image/deduct-credit`, { method: 'POST', headers: { token } });
}

async function open(
  browser: Browser,
  viewport: { width: number; height: number },
  user: User | undefined,
  url: string,
): Promise<Page> {
  // Not reduced motion: base.css then shortens every animation, toasts' 5-second progress bar too,
  // so each toast closes as it opens. Each view waits for animations to end instead.
  const page = await browser.newPage({ viewport });
  if (user) await page.addInitScript((value) => localStorage.setItem('token', value), user.token);
  await goto(page, url);
  return page;
}

/** Pages arrive prerendered and take clicks only once the app has marked the document ready. */
async function goto(page: Page, url: string) {
  await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' });
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/** A palette PNG, as the README's pictures are: the pages' flat colours lose nothing visible. */
async function save(name: string, png: Buffer) {
  const file = path.join(out, `${name}-${label}.png`);
  await sharp(png).png({ palette: true, quality: 85, effort: 10, compressionLevel: 9 }).toFile(file);
  const { size } = await stat(file);
  console.log(`wrote ${path.relative(process.cwd(), file)} (${Math.round(size / 1024)} KB)`);
}

const settle = (page: Page) => page.waitForTimeout(1500);
const top = (page: Page, height: number) =>
  page.screenshot({ clip: { x: 0, y: 0, width: page.viewportSize()!.width, height } });

/** The smallest element holding all of `locators`, as a locator. */
async function around(page: Page, ...locators: Locator[]): Promise<Locator> {
  const handles = await Promise.all(locators.map((locator) => locator.first().elementHandle()));
  await page.evaluate((elements) => {
    let common: Element | null = elements[0]!;
    while (common && !elements.every((element) => common!.contains(element))) common = common.parentElement;
    common?.setAttribute('data-shot', '');
  }, handles);
  return page.locator('[data-shot]').first();
}

const views: Record<string, (browser: Browser) => Promise<void>> = {
  // 1. The result on its own layer over the checkerboard (before: the original showed through).
  async '1-results'(browser) {
    const page = await open(browser, laptop, await register(), '/removebg');
    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('mug.jpg'));
    await page.getByRole('button', { name: /^Remove Background · 1 credit$/ }).click();
    await page.getByRole('img', { name: /^After: / }).waitFor({ timeout: 180_000 });
    const view = await around(
      page,
      page.getByRole('img', { name: /^Before: / }),
      page.getByRole('img', { name: /^After: / }),
    );
    await view.scrollIntoViewIfNeeded();
    await settle(page);
    await save('1-results', await view.screenshot());
  },

  // 2. After paying (a declined card first): the receipt, not the home page under old toasts.
  async '2-receipt'(browser) {
    const page = await open(browser, phone, await register(), '/');
    await page.evaluate(() => localStorage.setItem('itemo', 'Popular'));
    await goto(page, '/checkout');
    const pay = async (card: string) => {
      await page.getByLabel('Card number').fill(card);
      await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay now' }).click();
    };
    await pay('4000 0000 0000 0002');
    await page.getByText('Your card was declined.').first().waitFor();
    await pay('4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname !== '/checkout');
    await page.waitForLoadState('networkidle');
    await settle(page);
    await save('2-receipt', await page.screenshot());
  },

  // 3. Zero credits: what it needs, what the account has, and Buy credits; the balance in the phone's header.
  async '3-zero-credits'(browser) {
    const user = await register();
    await spendAll(user);
    const page = await open(browser, phone, user, '/removebg');
    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('mug.jpg'));
    await page.getByRole('button', { name: /^Remove Background · 1 credit$/ }).click();
    await settle(page);
    const short = page.getByRole('alert').filter({ hasText: 'needs 1 credit' });
    if (await short.count()) await short.first().evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await settle(page);
    await save('3-zero-credits', await page.screenshot());
  },

  // 4. A text file chosen as the picture: refused in plain words at once (before: a blank preview).
  async '4-text-file'(browser) {
    const page = await open(browser, phone, await register(), '/removebg');
    const picker = page.getByLabel('Image', { exact: true });
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('shopping list: milk, eggs\n'),
    });
    await settle(page);
    await picker.evaluate((element) => (element.closest('label, div') ?? element).scrollIntoView({ block: 'center' }));
    await settle(page);
    await save('4-text-file', await page.screenshot());
  },

  // 4. A 48-megapixel phone photo: scaled down in the browser, said at once (before: refused after paying).
  async '4-phone-photo'(browser) {
    const page = await open(browser, phone, await register(), '/removebg');
    const photo = await sharp(fixture('mug.jpg')).resize(8000, 6000).jpeg({ quality: 80 }).toBuffer();
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'IMG_4800.jpg', mimeType: 'image/jpeg', buffer: photo });
    const scaled = page.getByText(/was scaled down to/).first();
    const said = await scaled.waitFor({ timeout: 60_000 }).then(
      () => true,
      () => false,
    );
    if (said) {
      await scaled.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    } else {
      // Nothing said when it was chosen: press the paid button and show what comes back.
      await page.getByRole('button', { name: /^Remove Background · 1 credit$/ }).click();
      await page.locator('.Toastify__toast, [role="alert"]').first().waitFor({ timeout: 60_000 });
    }
    await settle(page);
    await save('4-phone-photo', await page.screenshot());
  },

  // 5. A second picture on a phone: the page scrolls to it (before: it stayed at the footer).
  async '5-phone-scroll'(browser) {
    const page = await open(browser, phone, await register(), '/generate');
    await page.getByLabel('Prompt').fill('A lighthouse at dawn');
    await page.getByRole('radio', { name: '256 × 256' }).check();
    const image = page.getByRole('img', { name: /^Generated image/ }).first();
    await page.getByRole('button', { name: /^Generate · 1 credit$/ }).click();
    await image.waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Generate Another Image' }).click();
    await page.getByRole('button', { name: /^Generate · 1 credit$/ }).click();
    // A person reads on while it is painted.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await image.waitFor({ timeout: 120_000 });
    await settle(page);
    await save('5-phone-scroll', await page.screenshot());
  },

  // 5. A toast on a phone: below the header, not over it.
  async '5-toast'(browser) {
    const page = await open(browser, phone, await register(), '/removebg');
    // Running with no picture chosen is refused with a toast.
    await page.getByRole('button', { name: /^Remove Background · 1 credit$/ }).click();
    await page.locator('.Toastify__toast').first().waitFor();
    await settle(page);
    await save('5-toast', await top(page, 320));
  },

  // 6. Upscale's size: number fields beside the sliders, and the 2×, 4× and fit presets.
  async '6-number-fields'(browser) {
    const page = await open(browser, laptop, await register(), '/upscale');
    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('landscape-256x192.jpg'));
    await page.getByRole('img', { name: /^Selected: / }).waitFor();
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('slider').first() })
      .first();
    await form.scrollIntoViewIfNeeded();
    await settle(page);
    await save('6-number-fields', await form.screenshot());
  },

  // 7. One name per tool: on a phone, the variant tool's page title and its button agree.
  async '7-tool-names'(browser) {
    const page = await open(browser, phone, await register(), '/variant');
    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('landscape-256x192.jpg'));
    await page.getByRole('img', { name: /^Selected: / }).waitFor();
    await settle(page);
    // From the top of the page down to the tool's button, whatever it is called.
    const bottom = await page
      .locator('form button[type="submit"]')
      .first()
      .evaluate((button) => button.getBoundingClientRect().bottom + window.scrollY);
    await save(
      '7-tool-names',
      await page.screenshot({
        fullPage: true,
        clip: { x: 0, y: 0, width: phone.width, height: Math.ceil(bottom) + 24 },
      }),
    );
  },
};

await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium().path, args: chromiumFlags });
try {
  for (const [name, take] of Object.entries(views)) {
    if (only && !only.includes(name)) continue;
    try {
      await take(browser);
    } catch (error) {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  }
} finally {
  await browser.close();
}
