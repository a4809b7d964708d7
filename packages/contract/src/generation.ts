// The schemas of the generation calls are in generation-schemas.ts: zod stays out of the pages that
// need only these sizes, models and limits (decision 032).
export type {
  GenerateImageRequest,
  GenerateImageResponse,
  ProvidersResponse,
  ValidGenerateImageRequest,
  WorkPrice,
} from './generation-schemas.ts';

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

export const pngDataUrlPrefix = 'data:image/png;base64,';

export const generationProviders = ['local', 'openai'] as const;
export type GenerationProviderName = (typeof generationProviders)[number];

/**
 * The styles a generation may ask for: each adds its suffix to the prompt the provider receives,
 * while the image keeps the user's words and the style's id (decision 053).
 */
export const imageStyles = {
  none: { label: 'None', suffix: '' },
  photographic: { label: 'Photographic', suffix: 'photographic, natural light, sharp focus, high detail' },
  cinematic: {
    label: 'Cinematic',
    suffix: 'cinematic film still, dramatic lighting, shallow depth of field, anamorphic',
  },
  illustration: { label: 'Illustration', suffix: 'digital illustration, clean lines, rich colours' },
  anime: { label: 'Anime', suffix: 'anime style, cel shading, vibrant colours' },
  '3d-render': { label: '3D render', suffix: '3D render, octane, soft global illumination, studio lighting' },
  watercolor: { label: 'Watercolor', suffix: 'watercolor painting, soft washes, paper texture' },
  'flat-logo': { label: 'Flat logo', suffix: 'flat vector logo, simple shapes, solid colours, plain background' },
} as const;
export type ImageStyle = keyof typeof imageStyles;
export const imageStyleIds = Object.keys(imageStyles) as [ImageStyle, ...ImageStyle[]];
export const defaultStyle: ImageStyle = 'none';

/** What the provider is asked to draw: the user's words, then the style's suffix. */
export function promptWithStyle(prompt: string, style: ImageStyle): string {
  const { suffix } = imageStyles[style];
  return suffix === '' ? prompt : `${prompt}, ${suffix}`;
}
