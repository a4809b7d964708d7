import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures.ts';

test.describe('image generation', () => {
  test('generate, see the image, download a PNG, carry it into Remove Background', async ({ page, testUser }) => {
    await page.addInitScript((token) => localStorage.setItem('token', token), testUser.token);
    await page.goto('/generate');
    await expect(page.getByRole('heading', { level: 1, name: 'Image Generator' })).toBeVisible();
    await expect(page.getByText('local preview', { exact: false })).toBeVisible();

    const generate = page.getByRole('button', { name: 'Generate · 1 credit' });
    await expect(generate).toBeDisabled();
    await page.getByLabel('Prompt').fill('A lighthouse on a cliff at sunset');
    await page.getByRole('radio', { name: '512 × 512' }).check();
    await expect(page.getByRole('radio', { name: 'HD' })).toBeDisabled();
    await page.getByRole('radio', { name: '1792 × 1024 landscape' }).check();
    await page.getByRole('radio', { name: 'HD' }).check();
    await page.getByLabel('Style', { exact: true }).selectOption('cinematic');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/jobs/generate'));
    await generate.click();
    expect((await sent).postDataJSON()).toEqual({
      prompt: 'A lighthouse on a cliff at sunset',
      size: '1792x1024',
      model: 'dall-e-3',
      quality: 'hd',
      style: 'cinematic',
    });

    const image = page.getByRole('img', { name: 'Generated image: A lighthouse on a cliff at sunset' });
    await expect(image).toBeVisible({ timeout: 20_000 });
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      1792, 1024,
    ]);
    // The style is shown with the result; the image keeps the prompt as written.
    await expect(page.getByText('1792 × 1024 · HD · Cinematic style')).toBeVisible();
    await expect(page.getByRole('banner').getByText('4 Credits')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^\d{4}-\d{2}-\d{2}-generation-a-lighthouse-on-a-cliff-at-[0-9a-f]{8}\.png$/,
    );
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    await page.getByRole('link', { name: 'Remove Background' }).click();
    await expect(page).toHaveURL(/\/removebg\?image=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Remove Background' })).toBeVisible();
    const carried = page.getByRole('img', { name: /^Selected: / });
    await expect(carried).toBeVisible();
    expect(await carried.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      1792, 1024,
    ]);
    await expect(page.getByRole('button', { name: 'Remove Background · 1 credit' })).toBeEnabled();
  });

  test('with no credit left both numbers and Buy credits show, and nothing is charged', async ({
    page,
    testUser,
    request,
  }) => {
    for (let i = 0; i < 5; i += 1)
      await request.post('/api/image/deduct-credit', { headers: { token: testUser.token } });
    await page.addInitScript((token) => localStorage.setItem('token', token), testUser.token);
    await page.goto('/generate');
    await expect(page.getByRole('banner').getByText('0 Credits')).toBeVisible();
    await page.getByLabel('Prompt').fill('A cat riding a horse');
    await page.getByRole('button', { name: 'Generate · 1 credit' }).click();
    const short = page
      .getByRole('alert')
      .filter({ hasText: 'Generating an image needs 1 credit; your account has 0.' });
    await expect(short).toBeVisible();
    // The message's own button (the footer offers one too, to anyone signed in).
    await expect(short.getByRole('link', { name: 'Buy credits' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('0 Credits')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Generated image/ })).toHaveCount(0);
  });
});

test('the profile shows the user’s images and balance', async ({ page, testUser, request }) => {
  const generated = await request.post('/api/image/generate-image', {
    headers: { token: testUser.token },
    data: { prompt: 'A red kite over green hills', model: 'dall-e-2', size: '256x256' },
  });
  expect(generated.status()).toBe(200);
  await page.addInitScript((token) => localStorage.setItem('token', token), testUser.token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('main').getByText('4 credits')).toBeVisible();
  const thumbnail = page.getByRole('img', { name: 'A red kite over green hills' });
  // The gallery sits below the fold and its thumbnails load lazily: bring it into view first.
  await thumbnail.scrollIntoViewIfNeeded();
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  await expect(page.getByRole('heading', { name: 'Your recent purchases' })).toBeVisible();
});
