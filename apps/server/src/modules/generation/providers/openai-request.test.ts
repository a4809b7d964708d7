import { describe, expect, it } from 'vitest';
import { familyOf, flexibleSizeFor, isFlexibleSizeAllowed } from './openai-request.ts';

describe('model families', () => {
  it.each([
    ['dall-e-2', 'dall-e'],
    ['dall-e-3', 'dall-e'],
    ['gpt-image-1', 'gpt-image-1'],
    ['gpt-image-1-mini', 'gpt-image-1'],
    ['gpt-image-1.5', 'gpt-image-1'],
    ['gpt-image-1.5-2025-12-16', 'gpt-image-1'],
    ['chatgpt-image-latest', 'gpt-image-1'],
    ['gpt-image-2', 'gpt-image'],
    ['gpt-image-2.6-flare', 'gpt-image'],
    ['gpt-image-2.5-sunburst', 'gpt-image'],
    ['stablediffusion', 'compatible'],
    ['flux.1-dev', 'compatible'],
  ])('%s is %s', (model, family) => {
    expect(familyOf(model)).toBe(family);
  });
});

describe('flexible GPT Image sizes', () => {
  it('keeps a size the limits allow', () => {
    expect(flexibleSizeFor({ width: 1792, height: 1024 })).toEqual({ width: 1792, height: 1024 });
    expect(flexibleSizeFor({ width: 1024, height: 1024 })).toEqual({ width: 1024, height: 1024 });
  });

  it('grows a size below the minimum pixel count to the smallest allowed one of the same shape', () => {
    expect(flexibleSizeFor({ width: 256, height: 256 })).toEqual({ width: 816, height: 816 });
    expect(isFlexibleSizeAllowed({ width: 800, height: 800 })).toBe(false);
  });

  it('shrinks a size over the limits and snaps odd sides to multiples of 16', () => {
    const big = flexibleSizeFor({ width: 4096, height: 4096 });
    expect(isFlexibleSizeAllowed(big)).toBe(true);
    expect(big.width).toBe(big.height);
    const odd = flexibleSizeFor({ width: 1000, height: 1000 });
    expect(isFlexibleSizeAllowed(odd)).toBe(true);
    expect(odd).toEqual({ width: 1008, height: 1008 });
  });
});
