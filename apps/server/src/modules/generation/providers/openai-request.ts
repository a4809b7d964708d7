import { dimensionsOf, type ImageQuality } from '@lumigen/contract/generation';
import { partialImagesAsked } from '../../../lib/openai-image-stream.ts';
import type { GenerationInput } from './provider.ts';

/**
 * How the Images API is asked for one picture, per model family (docs/decisions/017):
 * - `dall-e`: DALL·E 2 and 3, shut down at OpenAI on 2026-05-12 but still answered by
 *   OpenAI-compatible servers: the tier the request names, base64 asked for, quality to dall-e-3.
 * - `gpt-image-1`: gpt-image-1, -1-mini, -1.5 and chatgpt-image-latest: three fixed sizes.
 * - `gpt-image`: every later GPT Image model: any WIDTHxHEIGHT within the documented limits.
 *   Both GPT Image families are asked to stream two partial pictures when the job shows previews
 *   (docs/decisions/058).
 * - `compatible`: any other name (LocalAI, stable-diffusion.cpp's sd-server, llama-swap): the size
 *   as chosen, nothing else; such servers may answer a URL instead of base64.
 */
export type ModelFamily = 'dall-e' | 'gpt-image-1' | 'gpt-image' | 'compatible';

export function familyOf(model: string): ModelFamily {
  if (model === 'dall-e-2' || model === 'dall-e-3') return 'dall-e';
  if (/^(gpt-image-1(\.5)?(-mini)?|chatgpt-image-latest)(-\d{4}-\d{2}-\d{2})?$/.test(model)) return 'gpt-image-1';
  if (model.startsWith('gpt-image-')) return 'gpt-image';
  return 'compatible';
}

export type ImagesRequest = {
  model: string;
  prompt: string;
  size: string;
  n: 1;
  quality?: string;
  response_format?: 'b64_json';
  /** GPT Image streams partial pictures before the final one (docs/decisions/058). */
  stream?: true;
  partial_images?: number;
};

/** GPT Image models stream: the answer is SSE, with partial pictures before the final one. */
const streaming = { stream: true, partial_images: partialImagesAsked } as const;

export type Dimensions = { width: number; height: number };

/** GPT Image quality: our Standard is OpenAI's medium, HD its high. */
const gptImageQuality: Record<ImageQuality, string> = { standard: 'medium', hd: 'high' };

const gptImage1Sizes: Dimensions[] = [
  { width: 1024, height: 1024 },
  { width: 1536, height: 1024 },
  { width: 1024, height: 1536 },
];

/** The fixed size whose aspect ratio is closest to the chosen one (compared on a log scale). */
function closestFixedSize(wanted: Dimensions): Dimensions {
  const ratio = (d: Dimensions) => Math.log(d.width / d.height);
  return gptImage1Sizes.reduce((best, size) =>
    Math.abs(ratio(size) - ratio(wanted)) < Math.abs(ratio(best) - ratio(wanted)) ? size : best,
  );
}

/** OpenAI's limits for flexible GPT Image sizes (image generation guide, checked 2026-11-24). */
export const flexibleSizeLimits = {
  multiple: 16,
  maxEdge: 3840,
  maxRatio: 3,
  minPixels: 655_360,
  maxPixels: 8_294_400,
} as const;

export function isFlexibleSizeAllowed({ width, height }: Dimensions): boolean {
  const { multiple, maxEdge, maxRatio, minPixels, maxPixels } = flexibleSizeLimits;
  const pixels = width * height;
  return (
    width % multiple === 0 &&
    height % multiple === 0 &&
    Math.max(width, height) <= maxEdge &&
    Math.max(width, height) / Math.min(width, height) <= maxRatio &&
    pixels >= minPixels &&
    pixels <= maxPixels
  );
}

/**
 * The chosen size itself when the limits allow it; otherwise the nearest allowed size of the same
 * proportions (256×256 and 512×512 are below the minimum pixel count: 816×816 is drawn, then scaled).
 */
export function flexibleSizeFor(wanted: Dimensions): Dimensions {
  if (isFlexibleSizeAllowed(wanted)) return wanted;
  const { multiple, maxEdge, minPixels, maxPixels } = flexibleSizeLimits;
  const pixels = wanted.width * wanted.height;
  let scale = Math.sqrt(Math.min(Math.max(pixels, minPixels), maxPixels) / pixels);
  scale = Math.min(scale, maxEdge / Math.max(wanted.width, wanted.height));
  const snap = (side: number) => Math.max(multiple, Math.round((side * scale) / multiple) * multiple);
  let size = { width: snap(wanted.width), height: snap(wanted.height) };
  // Rounding may land just under the minimum: grow both sides a step until allowed.
  for (let i = 0; i < 8 && size.width * size.height < minPixels; i += 1) {
    size = { width: size.width + multiple, height: size.height + multiple };
  }
  return size;
}

const sizeText = ({ width, height }: Dimensions) => `${width}x${height}`;

/** The Images API request body that asks `model` for this picture. */
export function imagesRequestFor(
  model: string,
  { prompt, model: tier, size, quality, onPreview }: GenerationInput,
): ImagesRequest {
  // Partial pictures cost output tokens: asked for only when someone will see them.
  const streamed = onPreview ? streaming : {};
  switch (familyOf(model)) {
    case 'dall-e':
      // As before the shutdown: the tier decides the model (dall-e-2 draws only the small squares),
      // dall-e-2 has one quality and rejects the parameter.
      return {
        model: tier,
        prompt,
        size,
        n: 1,
        response_format: 'b64_json',
        ...(tier === 'dall-e-3' ? { quality } : {}),
      };
    case 'gpt-image-1':
      return {
        model,
        prompt,
        size: sizeText(closestFixedSize(dimensionsOf(size))),
        n: 1,
        quality: gptImageQuality[quality],
        ...streamed,
      };
    case 'gpt-image':
      return {
        model,
        prompt,
        size: sizeText(flexibleSizeFor(dimensionsOf(size))),
        n: 1,
        quality: gptImageQuality[quality],
        ...streamed,
      };
    case 'compatible':
      return { model, prompt, size, n: 1 };
  }
}
