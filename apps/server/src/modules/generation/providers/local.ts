import { setTimeout as sleep } from 'node:timers/promises';
import { dimensionsOf } from '@lumigen/contract/generation';
import { jobPreviewLimits } from '@lumigen/contract/jobs';
import { paint, paintPreviews } from '@lumigen/imaging';
import type { GenerationInput, GenerationProvider } from './provider.ts';

/**
 * The default provider: `@lumigen/imaging`'s painter, which paints a picture from the prompt's
 * words without any model or network ("local preview"). The same prompt, size, quality and seed
 * always give the same PNG bytes. Asked for previews, it first shows its early layers, as a
 * provider that streams shows partial pictures (docs/decisions/058), pausing `previewPauseMs`
 * after each.
 */
export function createLocalGenerationProvider({
  previewPauseMs = 0,
}: { previewPauseMs?: number } = {}): GenerationProvider {
  return {
    name: 'local',
    async generate(input) {
      if (input.onPreview) {
        const previews = await paintPreviews(
          { prompt: input.prompt, ...dimensionsOf(input.size), quality: input.quality, seed: input.seed },
          { count: jobPreviewLimits.asked, longEdge: jobPreviewLimits.longEdge },
        );
        for (const preview of previews) {
          await input.onPreview(preview);
          if (previewPauseMs > 0) await sleep(previewPauseMs);
        }
      }
      return paintLocally(input);
    },
  };
}

export function paintLocally({
  prompt,
  size,
  quality,
  seed,
}: Pick<GenerationInput, 'prompt' | 'size' | 'quality' | 'seed'>) {
  return paint({ prompt, ...dimensionsOf(size), quality, seed });
}
