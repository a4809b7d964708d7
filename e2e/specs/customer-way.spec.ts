import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { creditBalance, expect, imagingFixture, savePageScreenshot, signIn, test, type TestUser } from '../fixtures.ts';

// The widths the issue was tried at: a laptop and a phone.
const widths = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '375', viewport: { width: 375, height: 812 } },
] as const;

/** The checkerboard behind a result's transparent pixels (tokens.css: neutral-0 and neutral-300). */
const checkerColours = [
  [0xff, 0xff, 0xff],
  [0xc9, 0xce, 0xdd],
] as const;
const distance = (a: readonly number[], b: readonly number[]) =>
  Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!);

/** The colour the screen shows at a point of the page (CSS pixels). */
async function screenPixel(page: Page, x: number, y: number): Promise<number[]> {
  const shot = await page.screenshot({ clip: { x: Math.floor(x), y: Math.floor(y), width: 1, height: 1 } });
  const { data } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

/** Spends the account's credits down to nothing, as earlier edits would have. */
async function spendAll(request: APIRequestContext, user: TestUser) {
  for (let left = await creditBalance(request, user); left > 0; left -= 1) {
    const response = await request.post('/api/image/deduct-credit', { headers: { token: user.token } });
    expect(response.status()).toBe(200);
  }
  expect(await creditBalance(request, user)).toBe(0);
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
}

test.describe('the customer’s way through', () => {
  test.describe.configure({ timeout: 150_000 });

  for (const { name, viewport } of widths) {
    test(`remove background at ${name} px: the cut-out's transparent area shows the checkerboard, not the original`, async ({
      page,
      testUser,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await signIn(page, testUser);
      await page.goto('/removebg');
      await page.getByLabel('Image', { exact: true }).setInputFiles(imagingFixture('mug.jpg'));
      await expect(page.getByRole('img', { name: /^Selected: / })).toBeVisible();
      await page.getByRole('button', { name: 'Remove Background · 1 credit' }).click();
      const after = page.getByRole('img', { name: /^After: / });
      await expect(after).toBeVisible({ timeout: 90_000 });
      await expect(page.getByText('Before', { exact: true })).toBeVisible();
      await expect(page.getByText('After', { exact: true })).toBeVisible();

      // A fully transparent spot of the result, right of the divide (the "after" half), whose
      // original colour is far from the checkerboard's: there the two can be told apart.
      const spot = await page.evaluate(
        async (checker) => {
          const pixels = async (alt: RegExp) => {
            const img = [...document.images].find((image) => alt.test(image.alt))!;
            await img.decode();
            const context = new OffscreenCanvas(img.naturalWidth, img.naturalHeight).getContext('2d')!;
            context.drawImage(img, 0, 0);
            return {
              width: img.naturalWidth,
              height: img.naturalHeight,
              data: context.getImageData(0, 0, img.naturalWidth, img.naturalHeight).data,
            };
          };
          const result = await pixels(/^After: /);
          const original = await pixels(/^Before: /);
          const transparentAround = (x: number, y: number) => {
            for (let dy = -6; dy <= 6; dy += 1)
              for (let dx = -6; dx <= 6; dx += 1)
                if (result.data[((y + dy) * result.width + x + dx) * 4 + 3] !== 0) return false;
            return true;
          };
          for (let y = Math.floor(result.height * 0.3); y < result.height * 0.95; y += 8) {
            for (let x = Math.floor(result.width * 0.6); x < result.width * 0.95; x += 8) {
              if (!transparentAround(x, y)) continue;
              const i = (y * original.width + x) * 4;
              const colour = [original.data[i]!, original.data[i + 1]!, original.data[i + 2]!];
              const far = checker.every(
                (c) => Math.abs(c[0]! - colour[0]!) + Math.abs(c[1]! - colour[1]!) + Math.abs(c[2]! - colour[2]!) > 90,
              );
              if (far) return { x, y, width: result.width, height: result.height, colour };
            }
          }
          return null;
        },
        checkerColours as unknown as number[][],
      );
      expect(spot, 'a transparent spot of the cut-out over a coloured background').not.toBeNull();

      await after.scrollIntoViewIfNeeded();
      const box = (await after.boundingBox())!;
      const shown = await screenPixel(
        page,
        box.x + (spot!.x * box.width) / spot!.width,
        box.y + (spot!.y * box.height) / spot!.height,
      );
      // The screen shows one of the checkerboard's two colours there, not what was removed.
      expect(Math.min(...checkerColours.map((c) => distance(shown, c)))).toBeLessThan(24);
      expect(distance(shown, spot!.colour)).toBeGreaterThan(60);
      await savePageScreenshot(page, testInfo, `tools/remove-background-result-${name}`);
    });

    test(`uncrop at ${name} px: the view shows the result's whole frame with the original outlined inside`, async ({
      page,
      testUser,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page, testUser);
      await page.goto('/uncrop');
      await page.getByLabel('Image', { exact: true }).setInputFiles(imagingFixture('landscape-256x192.jpg'));
      // Before running, the canvas previews the new frame: 256+50+50 × 192+50+50.
      await expect(page.getByRole('img', { name: 'New canvas 356 × 292 pixels around your picture' })).toBeVisible();
      await page.getByLabel('Extend down', { exact: true }).fill('-42');
      await expect(page.getByRole('img', { name: 'New canvas 356 × 200 pixels around your picture' })).toBeVisible();
      await page.getByRole('button', { name: 'Uncrop/Crop · 1 credit' }).click();
      const after = page.getByRole('img', { name: /^After: / });
      await expect(after).toBeVisible({ timeout: 90_000 });
      await after.scrollIntoViewIfNeeded();
      const frame = (await after.boundingBox())!;
      // The frame has the result's shape, 356 × 200, and the original is drawn at the same scale
      // where the extends put it: 50 px in from the left and the top.
      expect(frame.width / frame.height).toBeCloseTo(356 / 200, 1);
      const before = (await page.getByRole('img', { name: /^Before: / }).boundingBox())!;
      const scale = frame.width / 356;
      expect(before.width).toBeCloseTo(256 * scale, 0);
      expect(before.height).toBeCloseTo(192 * scale, 0);
      expect(before.x - frame.x).toBeCloseTo(50 * scale, 0);
      expect(before.y - frame.y).toBeCloseTo(50 * scale, 0);
      await expect(page.getByText('The dashed line marks where your original sits in the result.')).toBeVisible();
    });
  }

  test('zero credits on a tool page: both numbers and Buy credits; after paying, the receipt leads back to the tool', async ({
    page,
    request,
    testUser,
  }) => {
    await spendAll(request, testUser);
    await signIn(page, testUser);
    await page.goto('/removebg');
    await page.getByLabel('Image', { exact: true }).setInputFiles(imagingFixture('mug.jpg'));
    await expect(page.getByRole('img', { name: /^Selected: / })).toBeVisible();
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/jobs/tools/')) sent += 1;
    });
    await page.getByRole('button', { name: 'Remove Background · 1 credit' }).click();
    const short = page.getByRole('alert').filter({ hasText: 'Remove Background needs 1 credit; your account has 0.' });
    await expect(short).toBeVisible();
    expect(sent).toBe(0);

    await short.getByRole('link', { name: 'Buy credits' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.getByRole('button', { name: 'Choose Starter' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/checkout\/complete\?payment=/);
    await page.getByRole('link', { name: 'Start creating' }).click();
    await expect(page).toHaveURL(/\/removebg$/);
    await expect(page.getByRole('banner').getByText('5 Credits')).toBeVisible();
  });

  test('zero credits on /generate at 375 px: the message with both numbers, Buy credits, and the balance in the header bar', async ({
    page,
    request,
    testUser,
  }) => {
    await spendAll(request, testUser);
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, testUser);
    await page.goto('/generate');
    // The balance stays in the header bar on a phone, outside the menu drawer.
    const balance = page.getByRole('banner').getByRole('link', { name: '0 Credits' });
    await expect(balance).toBeVisible();
    expect((await balance.boundingBox())!.y).toBeLessThan(80);
    await page.getByLabel('Prompt').fill('A lighthouse at dawn');
    await page.getByRole('button', { name: 'Generate · 1 credit' }).click();
    const short = page
      .getByRole('alert')
      .filter({ hasText: 'Generating an image needs 1 credit; your account has 0.' });
    await expect(short).toBeVisible();
    await expect(short.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/pricing');
  });

  test('checkout → /checkout/complete with the right figures; the declined card’s toast is gone', async ({
    page,
    testUser,
  }, testInfo) => {
    await signIn(page, testUser);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('itemo', 'Popular'));
    await page.goto('/checkout');
    await payWith(page, '4000 0000 0000 0002');
    const declined = page.locator('.Toastify__toast').filter({ hasText: 'Your card was declined.' });
    await expect(declined).toBeVisible();
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/checkout\/complete\?payment=/);
    const receipt = page.getByRole('region', { name: 'Payment successful' });
    await expect(receipt).toBeVisible();
    const figures = Object.fromEntries(
      await receipt
        .locator('dl > div')
        .evaluateAll((rows) =>
          rows.map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]),
        ),
    );
    expect(figures).toMatchObject({
      Bundle: 'Popular',
      'Credits added': '35',
      'Amount paid': '$20 USD',
      'Your balance now': '40 credits',
    });
    await expect(declined).toHaveCount(0);
    // Without an errand to return to, the next step is the generator.
    await expect(page.getByRole('link', { name: 'Start creating' })).toHaveAttribute('href', '/generate');
    await savePageScreenshot(page, testInfo, 'checkout-complete-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('banner').getByRole('link', { name: '40 Credits' })).toBeVisible();
    await savePageScreenshot(page, testInfo, 'checkout-complete-375');
    await page.setViewportSize({ width: 1280, height: 720 });
    // The purchase list links to the same receipt.
    await page.goto('/profile');
    const link = page.getByRole('link', { name: /^Receipt: Popular/ });
    await link.click();
    await expect(page.getByRole('region', { name: 'Payment successful' })).toBeVisible();
  });

  test('a 48-megapixel phone photo is scaled down in the browser and accepted', async ({ page, request, testUser }) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-48mp-'));
    try {
      const photo = path.join(dir, 'IMG_4800.jpg');
      await writeFile(
        photo,
        await sharp(imagingFixture('mug.jpg')).resize(8000, 6000).jpeg({ quality: 80 }).toBuffer(),
      );
      await signIn(page, testUser);
      await page.goto('/removebg');
      await page.getByLabel('Image', { exact: true }).setInputFiles(photo);
      await expect(
        page.getByText(
          'Your 8000×6000 picture (48.0 megapixels) was scaled down to 5773×4330 before sending: this tool takes at most 25 megapixels.',
        ),
      ).toBeVisible({ timeout: 30_000 });
      const accepted = page.waitForResponse((r) => r.url().endsWith('/api/jobs/tools/remove-background'));
      await page.getByRole('button', { name: 'Remove Background · 1 credit' }).click();
      expect((await accepted).status()).toBe(202);
      await expect(page.getByRole('img', { name: /^After: / })).toBeVisible({ timeout: 120_000 });
      const size = await page
        .getByRole('img', { name: /^After: / })
        .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      expect(size).toEqual([5773, 4330]);
      await expect(page.getByText('was scaled down to 5773×4330', { exact: false }).last()).toBeVisible();
      expect(await creditBalance(request, testUser)).toBe(4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a text file is refused the moment it is chosen, and nothing is sent', async ({ page, request, testUser }) => {
    await signIn(page, testUser);
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/jobs/')) sent += 1;
    });
    await page.goto('/removebg');
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'That file is not a picture Lumigen can read. Choose a PNG, JPEG or WebP image.' }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /^Selected: / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove Background · 1 credit' }).click();
    await expect(page.getByText('Please upload an image')).toBeVisible();
    expect(sent).toBe(0);
    expect(await creditBalance(request, testUser)).toBe(5);
  });

  for (const { name, viewport } of widths) {
    test(`toasts at ${name} px stay below the header`, async ({ page, testUser }) => {
      await page.setViewportSize(viewport);
      await signIn(page, testUser);
      await page.goto('/removebg');
      await page.getByRole('button', { name: 'Remove Background · 1 credit' }).click();
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'Please upload an image' });
      await expect(toast).toBeVisible();
      // Wait for the toast's entrance to finish before measuring it.
      await expect.poll(async () => (await toast.boundingBox())!.y, { intervals: [200, 200, 200] }).toBeGreaterThan(0);
      await page.waitForTimeout(800);
      const header = (await page.getByRole('banner').boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    });
  }

  test('with reduced motion a toast still stays its five seconds, without its moving timer bar', async ({
    page,
    testUser,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, testUser);
    await page.goto('/removebg');
    await page.getByRole('button', { name: 'Remove Background · 1 credit' }).click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Please upload an image' });
    await expect(toast).toBeVisible();
    await page.waitForTimeout(2_000);
    await expect(toast).toBeVisible();
    await expect(toast.locator('.Toastify__progress-bar')).toHaveCSS('opacity', '0');
    await expect(toast).toBeHidden({ timeout: 8_000 });
  });

  test('on a phone the page scrolls to a new result, even after scrolling away while it was painted', async ({
    page,
    testUser,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, testUser);
    await page.goto('/generate');
    await page.getByLabel('Prompt').fill('A lighthouse at dawn');
    await page.getByRole('radio', { name: '256 × 256' }).check();
    await page.getByRole('button', { name: 'Generate · 1 credit' }).click();
    const image = page.getByRole('img', { name: 'Generated image: A lighthouse at dawn' });
    await expect(image).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Generate Another Image' }).click();
    // Hold the second one until the page has been scrolled to the footer, as a person reading on would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/jobs/generate', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Generate · 1 credit' }).click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('contentinfo')).toBeInViewport();
    release();
    await expect(image).toBeInViewport({ timeout: 30_000 });
  });

  test('upscale: the number fields follow the sliders and the other way round', async ({ page, testUser }) => {
    await signIn(page, testUser);
    await page.goto('/upscale');
    await page.getByLabel('Image', { exact: true }).setInputFiles(imagingFixture('landscape-256x192.jpg'));
    const slider = page.getByLabel('Width', { exact: true });
    const field = page.getByLabel('Width, exact value in px');
    await expect(slider).toHaveValue('512');
    await expect(field).toHaveValue('512');
    await page.getByLabel("Keep the picture's proportions").uncheck();
    // The slider by keyboard: the field follows.
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(field).toHaveValue('513');
    // An exact value typed: the slider follows.
    await field.fill('1500');
    await expect(slider).toHaveValue('1500');
    await field.press('ArrowUp');
    await expect(slider).toHaveValue('1501');
    // Out of bounds is not taken; leaving the field shows the value in force again.
    await field.fill('9999');
    await expect(slider).toHaveValue('1501');
    await field.blur();
    await expect(field).toHaveValue('1501');
    // The presets: 4× of 256×192, and the largest that fits 4096 pixels a side.
    await page.getByRole('group', { name: 'Presets' }).getByRole('button', { name: '4×' }).click();
    await expect(field).toHaveValue('1024');
    await expect(page.getByLabel('Height, exact value in px')).toHaveValue('768');
    await page.getByRole('button', { name: 'Fit 4096' }).click();
    await expect(slider).toHaveValue('4096');
    await expect(page.getByLabel('Height', { exact: true })).toHaveValue('3072');
  });

  test('uncrop: the presets make a square, 16:9 or 9:16 canvas, and the preview follows', async ({
    page,
    testUser,
  }) => {
    await signIn(page, testUser);
    await page.goto('/uncrop');
    await page.getByLabel('Image', { exact: true }).setInputFiles(imagingFixture('landscape-256x192.jpg'));
    const presets = page.getByRole('group', { name: 'Presets' });
    await presets.getByRole('button', { name: 'Square' }).click();
    await expect(page.getByRole('img', { name: 'New canvas 256 × 256 pixels around your picture' })).toBeVisible();
    await expect(page.getByLabel('Extend up, exact value in px')).toHaveValue('32');
    await presets.getByRole('button', { name: '16:9' }).click();
    await expect(page.getByRole('img', { name: 'New canvas 341 × 192 pixels around your picture' })).toBeVisible();
    await presets.getByRole('button', { name: '9:16' }).click();
    await expect(page.getByRole('img', { name: 'New canvas 256 × 455 pixels around your picture' })).toBeVisible();
  });
});
