import path from 'node:path';
import { expect, test } from '../fixtures.ts';

const fixtures = path.resolve(import.meta.dirname, '../../apps/server/src/modules/tools/providers/local/fixtures');

test.describe('editing tools in the browser', () => {
  test('uncrop: pick an image, run, compare, download a PNG; one credit spent', async ({ page, testUser }) => {
    await page.addInitScript((token) => localStorage.setItem('token', token), testUser.token);
    await page.goto('/uncrop');
    await expect(page.getByRole('heading', { level: 1, name: 'Image Crop & Uncrop' })).toBeVisible();
    await expect(page.getByText('local processing', { exact: false })).toBeVisible();
    await page.getByLabel('Image', { exact: true }).setInputFiles(path.join(fixtures, 'landscape-256x192.jpg'));
    await expect(page.getByRole('img', { name: /^Selected: / })).toBeVisible();
    await expect(page.getByLabel('Extend left')).toHaveValue('50');
    await page.getByRole('button', { name: 'Uncrop/Crop · 1 credit' }).click();
    const after = page.getByRole('img', { name: /^After: / });
    await expect(after).toBeVisible({ timeout: 60_000 });
    expect(await after.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([356, 292]);
    await expect(page.getByRole('banner').getByText('4 Credits')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    expect((await downloading).suggestedFilename()).toBe('landscape-256x192-uncrop.png');
  });

  test('no image: the page asks for one and sends nothing', async ({ page, testUser }) => {
    await page.addInitScript((token) => localStorage.setItem('token', token), testUser.token);
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/image/tools/')) calls += 1;
    });
    await page.goto('/removebg');
    await page.getByRole('button', { name: 'Remove Background · 1 credit' }).click();
    await expect(page.getByText('Please upload an image')).toBeVisible();
    expect(calls).toBe(0);
  });
});
