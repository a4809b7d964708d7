import { z } from 'zod';
import { text } from './fields.ts';
import {
  defaultQuality,
  defaultStyle,
  generationProviders,
  imageStyleIds,
  imageStyles,
  promptWithStyle,
  imageModels,
  imageQualities,
  imageSizes,
  modelForSize,
  pngDataUrlPrefix,
  promptLimits,
} from './generation.ts';
import { editProviders } from './edit.ts';
import { toolIds, toolProviders } from './tools.ts';

const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

export const generateImageRequest = z
  .strictObject({
    prompt: text('Prompt', { max: promptLimits['dall-e-3'].max }),
    model: oneOf('Model', imageModels),
    size: oneOf('Size', imageSizes),
    // docs/product.md's own call omits quality: such a client gets the standard quality it always got.
    quality: oneOf('Quality', imageQualities).default(defaultQuality),
    // Absent for clients that predate styles: they get the prompt exactly as written.
    style: oneOf('Style', imageStyleIds).default(defaultStyle),
  })
  .superRefine((body, context) => {
    const expected = modelForSize[body.size];
    if (body.model !== expected) {
      context.addIssue({ code: 'custom', path: ['model'], message: `Model must be ${expected} for size ${body.size}` });
      return;
    }
    const { max } = promptLimits[body.model];
    if (body.prompt.length > max) {
      context.addIssue({
        code: 'custom',
        path: ['prompt'],
        message: `Prompt must be at most ${max} characters for ${body.model}`,
      });
    } else if (promptWithStyle(body.prompt, body.style).length > max) {
      // The provider receives the style's words too, and refuses a prompt past its limit.
      const room = max - (promptWithStyle(body.prompt, body.style).length - body.prompt.length);
      context.addIssue({
        code: 'custom',
        path: ['prompt'],
        message: `Prompt must be at most ${room} characters for ${body.model} with the ${imageStyles[body.style].label} style`,
      });
    }
  });
export type GenerateImageRequest = z.input<typeof generateImageRequest>;
export type ValidGenerateImageRequest = z.output<typeof generateImageRequest>;

export const generateImageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The PNG itself, ready for an <img src> or a download link. */
  image: z.string().startsWith(pngDataUrlPrefix),
  creditBalance: z.number().int(),
  imageId: z.uuid(),
});
export type GenerateImageResponse = z.infer<typeof generateImageResponse>;

export const workPrice = z.object({ credits: z.number().int().min(0), preview: z.boolean() });
export type WorkPrice = z.infer<typeof workPrice>;

/**
 * Which providers answer; the web app labels generated images 'local preview' when
 * `localPreview`, and edited ones 'local processing' when `tools` is 'local'.
 */
export const providersResponse = z.object({
  success: z.literal(true),
  generation: z.enum(generationProviders),
  localPreview: z.boolean(),
  tools: z.enum(toolProviders),
  /** Each tool's providers in the order they are tried (the first that succeeds answers). */
  toolChains: z.partialRecord(z.enum(toolIds), z.array(z.enum(toolProviders))).optional(),
  /**
   * What each kind of work costs with the providers that run it, and whether it is a local
   * preview (a classical approximation, not a learned model: docs/decisions/051), at the prices the
   * operator set (docs/decisions/056): `generation` at standard quality, `generationHd` at HD. The
   * web app quotes these rather than `creditCosts`, which are only the defaults. `imageCredits`: a
   * standard generation's price with a real provider, even where the local painter makes it a free
   * preview; the plans count their images at it.
   */
  prices: z.object({
    generation: workPrice,
    generationHd: workPrice,
    imageCredits: z.number().int().min(0),
    tools: z.record(z.enum(toolIds), workPrice),
  }),
  /**
   * Edit with words (docs/decisions/057): whether any configured provider can edit, which ones in
   * the order they are tried (Stability only with a mask), and the price (the operator's `edit`).
   */
  edit: z.object({ available: z.boolean(), providers: z.array(z.enum(editProviders)), price: workPrice }),
});
export type ProvidersResponse = z.infer<typeof providersResponse>;
