import { dimensionsOf } from '@lumigen/contract/generation';
import { paint } from '@lumigen/imaging';
import type { GenerationInput, GenerationProvider } from './provider.ts';

/**
 * The default provider: `@lumigen/imaging`'s painter, which paints a picture from the prompt's
 * words without any model or network ("local preview"). The same prompt, size, quality and seed
 * always give the same PNG bytes.
 */
export function createLocalGenerationProvider(): GenerationProvider {
  return { name: 'local', generate: paintLocally };
}

export function paintLocally({
  prompt,
  size,
  quality,
  seed,
}: Pick<GenerationInput, 'prompt' | 'size' | 'quality' | 'seed'>) {
  return paint({ prompt, ...dimensionsOf(size), quality, seed });
}
