import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { messages } from '@lumigen/contract/messages';
import type { Page } from '@playwright/test';
import { creditBalance, expect, imagingFixture, signIn, test } from '../fixtures.ts';

const fixture = imagingFixture;
const balance = creditBalance;

/** A PNG's width and height, from its IHDR chunk; fails on anything that is not a PNG. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8).toString('hex'), 'PNG signature').toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/**
 * The result is shown; its Download link saves a PNG of the expected size, named
 * `<date>-<tool>-<words>-<short id>.png` with `name` the tool and words.
 */
async function expectResultDownload(page: Page, name: string, size: [number, number]) {
  await expect(page.getByRole('img', { name: /^After: / })).toBeVisible({ timeout: 90_000 });
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}-${name}-[0-9a-f]{8}\\.png$`));
  const bytes = await readFile(await download.path());
  expect(pngSize(bytes)).toEqual(size);
  // A real picture, not an empty or flat image: at least a few bytes per hundred pixels.
  expect(bytes.length).toBeGreaterThan((size[0] * size[1]) / 100);
}

/**
 * Chromium does not hand Playwright the body of a request built from Blobs, so the page records
 * the mask it puts into the form (the request itself is still watched on the network).
 */
async function recordSentMasks(page: Page) {
  await page.addInitScript(() => {
    const sent: Blob[] = [];
    Object.assign(window, { sentMasks: sent });
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const mask = init?.body instanceof FormData ? init.body.get('mask') : null;
      if (mask instanceof Blob) sent.push(mask);
      return original(input, init);
    };
  });
}

type Case = {
  route: string;
  heading: string;
  button: string;
  file: string;
  /** Fills the tool's own fields. */
  fill?: (page: Page) => Promise<void>;
  download: string;
  size: [number, number];
};

/** The tools with nothing special about them beyond their fields (cleanup and /test have their own tests below). */
const cases: Case[] = [
  {
    route: '/removetxt',
    heading: 'Remove Text',
    button: 'Remove Text',
    file: 'text-on-linen-1024x768.jpg',
    download: 'remove-text-text-on-linen-1024x768',
    size: [1024, 768],
  },
  {
    route: '/editimage',
    heading: 'Product Photography',
    button: 'Make Product Photo',
    file: 'mug.jpg',
    download: 'product-photography-mug',
    size: [1024, 768],
  },
  {
    route: '/variant',
    heading: 'Image Variant',
    button: 'Create Variant',
    file: 'landscape-1024x768.jpg',
    download: 'reimagine-landscape-1024x768',
    size: [1024, 768],
  },
  {
    route: '/addbg',
    heading: 'Replace Background',
    button: 'Replace Background',
    file: 'mug.jpg',
    fill: (page) => page.getByLabel('New background').fill('A sunlit marble kitchen counter'),
    download: 'replace-background-mug',
    size: [1024, 768],
  },
  {
    route: '/upscale',
    heading: 'Image Upscaling Tool',
    button: 'Upscale Image',
    file: 'landscape-256x192.jpg',
    fill: async (page) => {
      // It starts at twice the picture, in the picture's proportions; one side moves the other.
      await expect(page.getByLabel('Width', { exact: true })).toHaveValue('512');
      await expect(page.getByLabel('Height', { exact: true })).toHaveValue('384');
      await page.getByLabel('Width', { exact: true }).fill('1024');
      await expect(page.getByLabel('Height', { exact: true })).toHaveValue('768');
      // Unlinked, each side is set on its own.
      await page.getByLabel("Keep the picture's proportions").uncheck();
      await page.getByLabel('Width', { exact: true }).fill('640');
      await expect(page.getByLabel('Height', { exact: true })).toHaveValue('768');
      await page.getByLabel('Height', { exact: true }).fill('384');
    },
    download: 'upscale-landscape-256x192',
    size: [640, 384],
  },
  {
    route: '/uncrop',
    heading: 'Image Crop & Uncrop',
    button: 'Uncrop/Crop',
    file: 'landscape-256x192.jpg',
    fill: async (page) => {
      await expect(page.getByLabel('Extend left', { exact: true })).toHaveValue('50');
      await page.getByLabel('Extend down', { exact: true }).fill('-42');
    },
    download: 'uncrop-landscape-256x192',
    size: [356, 200],
  },
];

// The tools are CPU-heavy and the machine has two cores: one tool at a time, in this file's
// order, on one worker (a failure does not skip the rest). Each test has its own 5-credit user.
test.describe('editing tools in the browser', () => {
  test.describe.configure({ mode: 'default', timeout: 150_000 });

  for (const tool of cases) {
    test(`${tool.route}: pick a fixture, run, download the PNG; one credit spent`, async ({
      page,
      request,
      testUser,
    }) => {
      await signIn(page, testUser);
      await page.goto(tool.route);
      await expect(page.getByRole('heading', { level: 1, name: tool.heading })).toBeVisible();
      await expect(page.getByText('local processing', { exact: false })).toBeVisible();
      await page.getByLabel('Image', { exact: true }).setInputFiles(fixture(tool.file));
      await expect(page.getByRole('img', { name: /^Selected: / })).toBeVisible();
      await tool.fill?.(page);
      await page.getByRole('button', { name: `${tool.button} · 1 credit` }).click();
      await expectResultDownload(page, tool.download, tool.size);
      await expect(page.getByRole('banner').getByText('4 Credits')).toBeVisible();
      expect(await balance(request, testUser)).toBe(4);
    });
  }

  test('/removebg on a phone: the page scrolls to the canvas and shows the loading animation, then the cut-out', async ({
    page,
    request,
    testUser,
  }) => {
    await signIn(page, testUser);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/removebg');
    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('mug.jpg'));
    await expect(page.getByRole('img', { name: /^Selected: / })).toBeVisible();
    const canvas = page.getByRole('region', { name: 'Result' });
    const button = page.getByRole('button', { name: 'Remove Background · 1 credit' });
    // On a phone the canvas sits below the settings: with the button in view, it starts low down.
    await button.scrollIntoViewIfNeeded();
    const canvasTop = async () => (await canvas.boundingBox())!.y;
    expect(await canvasTop()).toBeGreaterThan(300);
    // Hold the edit until the loading state is checked: a quick answer would replace it first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/jobs/tools/remove-background', async (route) => {
      await held;
      await route.continue();
    });
    await button.click();
    await expect(page.getByRole('status', { name: 'Working on your image' })).toBeVisible();
    // Scrolled to the canvas: its top just under the sticky header.
    await expect.poll(async () => Math.round(await canvasTop())).toBeLessThan(120);
    expect(await canvasTop()).toBeGreaterThanOrEqual(0);
    release();
    await expectResultDownload(page, 'remove-background-mug', [1024, 768]);
    expect(await balance(request, testUser)).toBe(4);
  });

  test('/cleanup: a mask painted with the brush is sent as a black/white PNG of the picture’s size; the ball is gone', async ({
    page,
    request,
    testUser,
  }) => {
    await signIn(page, testUser);
    await recordSentMasks(page);
    await page.goto('/cleanup');
    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('ball-on-paving-512x384.jpg'));
    const surface = page.getByRole('img', { name: 'Mask: nothing painted yet' });
    await expect(surface).toBeVisible();
    expect(await surface.evaluate((canvas) => getComputedStyle(canvas).touchAction)).toBe('none');
    await page.getByLabel('Brush size', { exact: true }).fill('40');
    await expect(page.getByLabel('Brush size, exact value in px')).toHaveValue('40');
    await expect(page.getByText('Undo with Ctrl+Z', { exact: false })).toBeVisible();

    // The ball covers about x 176–367, y 122–279 of the 512×384 picture.
    await surface.scrollIntoViewIfNeeded();
    const box = (await surface.boundingBox())!;
    const scale = box.width / 512;
    const at = (x: number, y: number) => [box.x + x * scale, box.y + y * scale] as const;
    const line = async (y: number) => {
      await page.mouse.move(...at(170, y));
      await page.mouse.down();
      for (let x = 190; x <= 375; x += 15) await page.mouse.move(...at(x, y));
      await page.mouse.up();
    };
    for (let y = 125; y <= 280; y += 22) await line(y);
    await expect(page.getByRole('img', { name: 'Mask: 8 strokes painted' })).toBeVisible();
    await line(300);
    await page.keyboard.press('Control+z');
    await expect(page.getByRole('img', { name: 'Mask: 8 strokes painted' })).toBeVisible();

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/jobs/tools/cleanup'));
    await page.getByRole('button', { name: 'Clean Image · 1 credit' }).click();
    await sent;
    const mask = await page.evaluate(async () => {
      const [blob] = (window as unknown as { sentMasks: Blob[] }).sentMasks;
      const bytes = new Uint8Array(await blob!.arrayBuffer());
      const bitmap = await createImageBitmap(blob!);
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const value = (x: number, y: number) => data[(y * bitmap.width + x) * 4]!;
      const grey = data.filter((v, i) => i % 4 !== 3 && v !== 0 && v !== 255).length;
      return {
        head: Array.from(bytes.subarray(0, 24)),
        type: blob!.type,
        pixels: { middle: value(272, 200), corner: value(20, 20), below: value(272, 360), grey },
      };
    });
    expect(mask.type).toBe('image/png');
    expect(pngSize(Buffer.from(mask.head))).toEqual([512, 384]);
    // White where the brush went (the ball's middle), black far from it, nothing in between.
    const { pixels } = mask;
    expect(pixels).toEqual({ middle: 255, corner: 0, below: 0, grey: 0 });

    await expectResultDownload(page, 'cleanup-ball-on-paving-512x384', [512, 384]);
    // The ball's middle changed a lot; the untouched top of the picture did not.
    const change = await page.evaluate(async () => {
      const pixelsOf = async (name: RegExp) => {
        const img = [...document.images].find((image) => name.test(image.alt))!;
        const context = new OffscreenCanvas(512, 384).getContext('2d')!;
        context.drawImage(await createImageBitmap(img), 0, 0);
        return context.getImageData(0, 0, 512, 384).data;
      };
      const before = await pixelsOf(/^Before: /);
      const after = await pixelsOf(/^After: /);
      const meanDifference = (x0: number, y0: number, x1: number, y1: number) => {
        let sum = 0;
        let count = 0;
        for (let y = y0; y < y1; y += 1) {
          for (let x = x0; x < x1; x += 1) {
            const i = (y * 512 + x) * 4;
            sum +=
              Math.abs(before[i]! - after[i]!) +
              Math.abs(before[i + 1]! - after[i + 1]!) +
              Math.abs(before[i + 2]! - after[i + 2]!);
            count += 3;
          }
        }
        return sum / count;
      };
      return { ball: meanDifference(232, 160, 312, 240), top: meanDifference(0, 0, 512, 60) };
    });
    expect(change.ball).toBeGreaterThan(15);
    expect(change.top).toBeLessThan(3);
    expect(await balance(request, testUser)).toBe(4);
  });

  test('/cleanup on a touch phone: the brush hint does not mention a keyboard shortcut', async ({
    browser,
    baseURL,
    testUser,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const page = await context.newPage();
      await signIn(page, testUser);
      await page.goto('/cleanup');
      await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('ball-on-paving-512x384.jpg'));
      await expect(page.getByText('Paint over what should disappear.')).toBeVisible();
      await expect(page.getByText('Undo with Ctrl+Z', { exact: false })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('/cleanup with a mask file: run, download; one credit spent', async ({ page, request, testUser }) => {
    await signIn(page, testUser);
    await page.goto('/cleanup');
    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('ball-on-paving-512x384.jpg'));
    await expect(page.getByRole('img', { name: /^Selected: / })).toBeVisible();
    await page.getByRole('radio', { name: 'Upload a mask file' }).check();
    await expect(page.getByRole('img', { name: /^Mask:/ })).toHaveCount(0);
    await page.getByLabel(/^Mask file/).setInputFiles(fixture('ball-on-paving-512x384.mask.png'));
    await page.getByRole('button', { name: 'Clean Image · 1 credit' }).click();
    await expectResultDownload(page, 'cleanup-ball-on-paving-512x384', [512, 384]);
    expect(await balance(request, testUser)).toBe(4);
  });

  test('/cleanup with a mask of the wrong size: the server’s reason in the failure toast, no credit spent', async ({
    page,
    request,
    testUser,
  }) => {
    await signIn(page, testUser);
    await page.goto('/cleanup');
    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('ball-on-paving-512x384.jpg'));
    await expect(page.getByRole('img', { name: /^Selected: / })).toBeVisible();
    await page.getByRole('radio', { name: 'Upload a mask file' }).check();
    await page.getByLabel(/^Mask file/).setInputFiles(fixture('landscape-256x192.jpg'));
    await page.getByRole('button', { name: 'Clean Image · 1 credit' }).click();
    // A refusal says what is wrong in its own words, without 'Image edit failed:' in front.
    await expect(page.getByText(messages.tool.maskSize(512, 384, 256, 192), { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('img', { name: /^After: / })).toHaveCount(0);
    expect(await balance(request, testUser)).toBe(5);
  });

  test('/test: the one alert without a file or prompt; a visitor logs in, comes back and runs it', async ({
    page,
    request,
    testUser,
  }) => {
    await page.goto('/test');
    await expect(page.getByRole('heading', { level: 1, name: 'Background Removal Test' })).toBeVisible();
    const run = page.getByRole('button', { name: 'Remove Background · 1 credit' });
    const incomplete = page.getByRole('alert').filter({ hasText: /^Please select an image and enter a prompt\.$/ });
    await run.click();
    await expect(incomplete).toHaveCount(1);
    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('mug.jpg'));
    await run.click();
    await expect(incomplete).toHaveCount(2);
    await page.getByLabel('Prompt').fill('Spring catalogue: mug');
    await run.click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(testUser.user.email);
    await page.getByLabel('Password').fill(testUser.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/test$/);

    await page.getByLabel('Image', { exact: true }).setInputFiles(fixture('mug.jpg'));
    await expect(page.getByRole('img', { name: /^Selected: / })).toBeVisible();
    await page.getByLabel('Prompt').fill('Spring catalogue: mug');
    await run.click();
    await expectResultDownload(page, 'remove-background-spring-catalogue-mug', [1024, 768]);
    expect(await balance(request, testUser)).toBe(4);
  });

  test('no image: the page asks for one and sends nothing', async ({ page, testUser }) => {
    await signIn(page, testUser);
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/jobs/tools/')) calls += 1;
    });
    await page.goto('/removebg');
    await page.getByRole('button', { name: 'Remove Background · 1 credit' }).click();
    await expect(page.getByText('Please upload an image')).toBeVisible();
    expect(calls).toBe(0);
  });
});
