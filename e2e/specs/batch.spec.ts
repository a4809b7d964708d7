import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { webMessages } from '@lumigen/contract/web-messages';
import { unzipSync } from 'fflate';
import { creditBalance, expect, imagingFixture, signIn, test } from '../fixtures.ts';

const fixture = imagingFixture;
const balance = creditBalance;

test.describe('batches in the browser', () => {
  test.describe.configure({ timeout: 150_000 });

  test('/upscale: three pictures and one that is not, quoted, followed in a grid, downloaded as one ZIP', async ({
    page,
    request,
    testUser,
  }, testInfo) => {
    await signIn(page, testUser);
    await page.goto('/upscale');
    const picture = async (name: string) => ({ name, mimeType: 'image/jpeg', buffer: await readFile(fixture(name)) });
    await page.getByLabel('Image', { exact: true }).setInputFiles([
      await picture('landscape-256x192.jpg'),
      await picture('mug.jpg'),
      await picture('ball-on-paving-512x384.jpg'),
      // Named like a picture, but not one: the server refuses it and it costs nothing.
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are my notes, not a picture') },
    ]);
    await expect(page.getByText('4 pictures chosen')).toBeVisible();
    const grid = page.getByRole('region', { name: 'Batch' });
    await expect(grid.getByRole('listitem')).toHaveCount(4);
    await expect(grid.getByText('Ready', { exact: true })).toHaveCount(4);

    // Quoted first, and nothing is sent until the quote is accepted.
    await page.getByRole('button', { name: 'Upscale Image · 4 pictures · 4 credits' }).click();
    const quote = page.getByRole('dialog', { name: 'Upscale Image: 4 pictures' });
    await expect(quote.getByText('4 pictures · 4 credits')).toBeVisible();
    await quote.getByRole('button', { name: 'Run on 4 pictures' }).click();
    await expect(quote).toBeHidden();

    // The refusal is marked at once; two run at a time, so the others are seen waiting or working.
    const notes = grid.getByRole('listitem').filter({ hasText: 'notes.png' });
    await expect(notes.getByText('Not used, not charged. The picture is not a PNG, JPEG or WebP image.')).toBeVisible();
    await expect(grid.getByText(/^(Waiting|Working…)/).first()).toBeVisible();

    await expect(grid.getByText('3 of 4 done · 1 not used')).toBeVisible({ timeout: 120_000 });
    await expect(grid.getByRole('img', { name: /^Result: / })).toHaveCount(3);
    await expect(page.getByRole('banner').getByText('2 Credits')).toBeVisible();
    expect(await balance(request, testUser)).toBe(2);

    const downloading = page.waitForEvent('download');
    await grid.getByRole('button', { name: 'Download all (3)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('lumigen-upscale.zip');
    const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(entries)).toEqual(['1-landscape-256x192.png', '2-mug.png', '3-ball-on-paving-512x384.png']);
    for (const bytes of Object.values(entries))
      expect(Buffer.from(bytes.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');

    // The README's pictures are rewritten on request only; otherwise they go with the test's output.
    const out =
      process.env.E2E_SCREENSHOTS === '1'
        ? path.resolve(import.meta.dirname, '../../docs/screenshots')
        : testInfo.outputDir;
    await mkdir(out, { recursive: true });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(grid.getByRole('img', { name: /^Result: / })).toHaveCount(3);
      // The settings and the grid together: the tool page as its user sees it.
      const toolPage = page.getByRole('region', { name: 'Settings' }).locator('..');
      await toolPage.scrollIntoViewIfNeeded();
      await toolPage.screenshot({ path: path.join(out, `batch-${width}.png`) });
    }
  });

  test('/profile: build a 2-step recipe, run it on a picture, follow it, delete it', async ({
    page,
    request,
    testUser,
  }, testInfo) => {
    await signIn(page, testUser);
    await page.goto('/profile');
    const recipes = page.getByRole('region', { name: 'Recipes' });
    await expect(recipes.getByText('No recipes yet.', { exact: false })).toBeVisible();
    const builder = recipes.getByRole('form', { name: 'New recipe' });
    await builder.getByLabel('Recipe name').fill('Cut out and enlarge');
    await builder.getByRole('button', { name: 'Add a step' }).click();
    await builder.getByLabel('Width (px)').fill('320');
    await builder.getByLabel('Height (px)').fill('240');
    await builder.getByRole('button', { name: 'Save recipe · 2 credits per picture' }).click();
    const row = recipes.getByRole('list', { name: 'Your recipes' }).getByRole('listitem');
    await expect(row.getByText('Background removal → Upscale')).toBeVisible();

    await row.getByRole('button', { name: 'Run Cut out and enlarge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run “Cut out and enlarge”' });
    await dialog.getByLabel('Pictures (one, or up to 50)').setInputFiles(fixture('mug.jpg'));
    await dialog.getByRole('button', { name: 'Run · 1 picture · 2 credits' }).click();
    await expect(dialog.getByText('1 of 1 done')).toBeVisible({ timeout: 120_000 });
    await expect(dialog.getByRole('img', { name: 'Result: mug.jpg' })).toBeVisible();
    await dialog.screenshot({ path: path.join(testInfo.outputDir, 'recipe-run.png') });
    expect(await balance(request, testUser)).toBe(3);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Use again on what the recipe made opens the recipe; its first step's cut-out keeps its tool.
    await page.goto('/profile');
    const gallery = page.getByRole('region', { name: 'Your images', exact: true });
    await gallery.getByRole('link', { name: 'Open full size: Background removed' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Background removed' }).getByRole('link', { name: 'Use again' }),
    ).toHaveAttribute('href', /^\/removebg\?settings=/);
    await page.keyboard.press('Escape');
    await gallery.getByRole('link', { name: 'Open full size: Upscaled' }).click();
    const again = page.getByRole('dialog', { name: 'Upscaled' }).getByRole('link', { name: 'Use again' });
    const recipeLink = await again.getAttribute('href');
    await again.click();
    await expect(dialog.getByLabel('Pictures (one, or up to 50)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Delete Cut out and enlarge' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete recipe' }).click();
    await expect(recipes.getByText('No recipes yet.', { exact: false })).toBeVisible();
    // The same link once the recipe is gone says so.
    await page.goto(recipeLink!);
    await expect(page.getByText(webMessages.recipeGone)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 900 });
    await recipes.screenshot({ path: path.join(testInfo.outputDir, 'recipes-375.png') });
  });
});
