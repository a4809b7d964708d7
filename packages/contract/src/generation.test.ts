import { describe, expect, it } from 'vitest';
import { generateImageRequest } from './generation-schemas.ts';
import { dimensionsOf, imageSizes, modelForSize, promptLimits } from './generation.ts';
import { creditCosts, formatCost } from './pricing.ts';

describe('the generation contract', () => {
  it('maps every size to its model and its pixel dimensions', () => {
    expect(imageSizes.map((size) => [size, modelForSize[size], dimensionsOf(size)])).toEqual([
      ['256x256', 'dall-e-2', { width: 256, height: 256 }],
      ['512x512', 'dall-e-2', { width: 512, height: 512 }],
      ['1024x1024', 'dall-e-3', { width: 1024, height: 1024 }],
      ['1024x1792', 'dall-e-3', { width: 1024, height: 1792 }],
      ['1792x1024', 'dall-e-3', { width: 1792, height: 1024 }],
    ]);
  });

  it('trims the prompt and measures it after trimming, per model', () => {
    const padded = `   ${'p'.repeat(promptLimits['dall-e-2'].max)}   `;
    const parsed = generateImageRequest.parse({ prompt: padded, model: 'dall-e-2', size: '512x512', quality: 'hd' });
    expect(parsed.prompt).toHaveLength(1000);
  });

  it('prices an image and an edit at one credit, and says so', () => {
    expect(creditCosts).toEqual({ generation: 1, edit: 1 });
    expect(formatCost(creditCosts.generation)).toBe('1 credit');
    expect(formatCost(3)).toBe('3 credits');
  });
});
