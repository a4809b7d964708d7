import { z } from 'zod';
import { text } from './fields.ts';
import { toolProviders } from './tools.ts';

/** docs/product.md §2: the five resolutions offered, as the OpenAI Images API spells them. */
export const imageSizes = ['256x256', '512x512', '1024x1024', '1024x1792', '1792x1024'] as const;
export type ImageSize = (typeof imageSizes)[number];

export const imageModels = ['dall-e-2', 'dall-e-3'] as const;
export type ImageModel = (typeof imageModels)[number];

/** docs/product.md §4: the size decides the model (dall-e-2 draws only the small squares). */
export const modelForSize: Record<ImageSize, ImageModel> = {
  '256x256': 'dall-e-2',
  '512x512': 'dall-e-2',
  '1024x1024': 'dall-e-3',
  '1024x1792': 'dall-e-3',
  '1792x1024': 'dall-e-3',
};

/** Honoured by dall-e-3 (docs/architecture.md §4); dall-e-2 has a single quality. */
export const imageQualities = ['standard', 'hd'] as const;
export type ImageQuality = (typeof imageQualities)[number];
export const defaultQuality: ImageQuality = 'standard';

/** The OpenAI Images API's prompt limits per model, after trimming. */
export const promptLimits: Record<ImageModel, { min: number; max: number }> = {
  'dall-e-2': { min: 1, max: 1000 },
  'dall-e-3': { min: 1, max: 4000 },
};

export function dimensionsOf(size: ImageSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

export const generateImageRequest = z
  .strictObject({
    prompt: text('Prompt', { max: promptLimits['dall-e-3'].max }),
    model: oneOf('Model', imageModels),
    size: oneOf('Size', imageSizes),
    // docs/product.md's own call omits quality: such a client gets the standard quality it always got.
    quality: oneOf('Quality', imageQualities).default(defaultQuality),
  })
  .superRefine((body, context) => {
    const expected = modelForSize[body.size];
    if (body.model !== expected) {
      context.addIssue({ code: 'custom', path: ['model'], message: `Model must be ${expected} for size ${body.size}` });
      return;
    }
    const { max } = promptLimits[body.model];
    if (body.prompt.length > max) {
      context.addIssue({ code: 'custom', path: ['prompt'], message: `Prompt must be at most ${max} characters for ${body.model}` });
    }
  });
export type GenerateImageRequest = z.input<typeof generateImageRequest>;
export type ValidGenerateImageRequest = z.output<typeof generateImageRequest>;

export const pngDataUrlPrefix = 'data:image/png;base64,';

export const generateImageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The PNG itself, ready for an <img src> or a download link. */
  image: z.string().startsWith(pngDataUrlPrefix),
  creditBalance: z.number().int(),
  imageId: z.uuid(),
});
export type GenerateImageResponse = z.infer<typeof generateImageResponse>;

export const generationProviders = ['local', 'openai'] as const;
export type GenerationProviderName = (typeof generationProviders)[number];

/**
 * Which providers answer; the web app labels generated images 'local preview' when
 * `localPreview`, and edited ones 'local processing' when `tools` is 'local'.
 */
export const providersResponse = z.object({
  success: z.literal(true),
  generation: z.enum(generationProviders),
  localPreview: z.boolean(),
  tools: z.enum(toolProviders),
});
export type ProvidersResponse = z.infer<typeof providersResponse>;
