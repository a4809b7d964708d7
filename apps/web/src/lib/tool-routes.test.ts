import { describe, expect, it } from 'vitest';
import { carriedSettings, runRecipeParam, settingsParam, againLink } from './tool-routes.ts';

const settingsOf = (link: string | undefined) =>
  JSON.parse(new URL(link ?? '', 'http://lumigen.test').searchParams.get(settingsParam) ?? 'null') as unknown;

describe('Use again', () => {
  it("opens a tool's page with the settings of an edit", () => {
    const link = againLink({ kind: 'upscale', settings: { target_width: 640, target_height: 480 }, recipeId: null });
    expect(link?.startsWith('/upscale?settings=')).toBe(true);
    expect(settingsOf(link)).toEqual({ target_width: 640, target_height: 480 });
  });

  it('opens the generator with the prompt, size and quality of a generation', () => {
    const settings = { prompt: 'A lighthouse at dawn', model: 'dall-e-3', size: '1792x1024', quality: 'hd' };
    const link = againLink({ kind: 'generation', settings, recipeId: null });
    expect(link?.startsWith('/generate?settings=')).toBe(true);
    expect(settingsOf(link)).toEqual(settings);
  });

  it("opens the recipe, not its last step's tool, for what a recipe's run ended with", () => {
    const recipeId = '66666666-6666-4666-8666-666666666666';
    expect(againLink({ kind: 'upscale', settings: { target_width: 96, target_height: 72 }, recipeId })).toBe(
      `/profile?${runRecipeParam}=${recipeId}#recipes`,
    );
  });

  it('offers nothing for what no page can make again', () => {
    expect(againLink({ kind: 'something-else', settings: {}, recipeId: null })).toBeUndefined();
    expect(againLink({ kind: 'constructor', settings: {}, recipeId: null })).toBeUndefined();
  });

  it('reads the settings an address carries, and nothing from one that carries none or garbage', () => {
    expect(carriedSettings('{"size":"512x512"}')).toEqual({ size: '512x512' });
    for (const raw of [null, '', 'not json', '[1,2]', '"text"', 'null', '42'])
      expect(carriedSettings(raw)).toBeUndefined();
  });
});
