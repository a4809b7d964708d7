import { z } from 'zod';
import {
  imageSizes,
  modelForSize,
  type ImageQuality,
  type ImageSize,
  type GenerateImageRequest,
} from './generation.ts';

/**
 * The drop-in compatible endpoints (docs/product.md, developer API): code written for OpenAI's Images API or for
 * Clipdrop's API runs against Lumigen by changing its base URL and key. Their requests and
 * answers are those services' shapes, not ours.
 */

/** What `size` takes: our five sizes, and OpenAI's `auto` (a square). */
export const openAiSizes = [...imageSizes, 'auto'] as const;
/** OpenAI's qualities across its models; `high` and `hd` draw our hd, the rest our standard. */
export const openAiQualities = ['auto', 'low', 'medium', 'high', 'standard', 'hd'] as const;

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      `Invalid value: '${String(issue.input)}'. Supported values are: ${values.map((v) => `'${v}'`).join(', ')}.`,
  });

/**
 * `POST /v1/images/generations` as OpenAI documents it for GPT Image models. `model` is read
 * and not checked (a script names OpenAI's model; the size decides ours); one image per call;
 * the image comes back as `b64_json` (there are no hosted URLs). Anything else is refused by
 * name, as OpenAI refuses an unknown parameter.
 */
export const openAiImageRequest = z.strictObject({
  prompt: z.string({
    error: (issue) =>
      issue.input === undefined
        ? "Missing required parameter: 'prompt'."
        : "Invalid type for 'prompt': expected a string.",
  }),
  model: z.string({ error: "Invalid type for 'model': expected a string." }).max(100, "'model' is too long").nullish(),
  n: z
    .number({ error: "Invalid type for 'n': expected an integer." })
    .int("Invalid type for 'n': expected an integer.")
    .refine((n) => n === 1, {
      message: "Invalid value for 'n': Lumigen makes one image per request; send n = 1 or leave it out.",
    })
    .nullish(),
  size: oneOf('size', openAiSizes).nullish(),
  quality: oneOf('quality', openAiQualities).nullish(),
  response_format: z
    .enum(['b64_json', 'url'], { error: "Invalid value for 'response_format': use 'b64_json'." })
    .refine((format) => format === 'b64_json', {
      message: "Invalid value for 'response_format': Lumigen answers the image itself; use 'b64_json'.",
    })
    .nullish(),
  output_format: z
    .enum(['png'], { error: "Invalid value for 'output_format': Lumigen answers PNG; use 'png'." })
    .nullish(),
  /** OpenAI's end-user id for abuse monitoring; accepted and not used. */
  user: z.string().max(256).nullish(),
});
export type OpenAiImageRequest = z.input<typeof openAiImageRequest>;

/** The OpenAI request in our own terms (then checked by `generateImageRequest`, which names its field). */
export function generationFromOpenAi(request: z.output<typeof openAiImageRequest>): GenerateImageRequest {
  const size: ImageSize = !request.size || request.size === 'auto' ? '1024x1024' : request.size;
  const quality: ImageQuality = request.quality === 'high' || request.quality === 'hd' ? 'hd' : 'standard';
  return { prompt: request.prompt, size, model: modelForSize[size], quality };
}

export const openAiImagesResponse = z.object({
  created: z.number().int(),
  data: z.array(z.object({ b64_json: z.string().min(1) })).length(1),
});
export type OpenAiImagesResponse = z.infer<typeof openAiImagesResponse>;

/** OpenAI's error body. */
export const openAiErrorResponse = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});
export type OpenAiErrorResponse = z.infer<typeof openAiErrorResponse>;

/** Clipdrop's error body; the status says which error it is. */
export const clipdropErrorResponse = z.object({ error: z.string() });
export type ClipdropErrorResponse = z.infer<typeof clipdropErrorResponse>;

/** Clipdrop's success headers: the credits left on the account, and what this call took. */
export const clipdropCreditHeaders = { remaining: 'x-remaining-credits', consumed: 'x-credits-consumed' } as const;

/**
 * `POST /v1/images/edits`'s text fields as OpenAI documents them (multipart, so every value is a
 * string): `prompt`, `size`, `quality`, `n` = 1; `model` is read and not checked. The pictures
 * (`image` or `image[]`) and the `mask` are files, read by the route.
 */
export const openAiEditRequest = z.strictObject({
  prompt: z.string({ error: "Missing required parameter: 'prompt'." }),
  model: z.string().max(100, "'model' is too long").optional(),
  n: z
    .string()
    .refine((n) => n === '1', {
      message: "Invalid value for 'n': Lumigen makes one image per request; send n = 1 or leave it out.",
    })
    .optional(),
  size: oneOf('size', openAiSizes).optional(),
  quality: oneOf('quality', openAiQualities).optional(),
  response_format: z
    .string()
    .refine((format) => format === 'b64_json', {
      message: "Invalid value for 'response_format': Lumigen answers the image itself; use 'b64_json'.",
    })
    .optional(),
  output_format: z
    .string()
    .refine((format) => format === 'png', {
      message: "Invalid value for 'output_format': Lumigen answers PNG; use 'png'.",
    })
    .optional(),
  user: z.string().max(256).optional(),
});

/** An OpenAI edit's fields in our terms (then checked by `editFields`): `auto` keeps the picture's size. */
export function editFromOpenAi(request: z.output<typeof openAiEditRequest>): Record<string, string> {
  return {
    prompt: request.prompt,
    size: request.size ?? 'auto',
    quality: request.quality === 'high' || request.quality === 'hd' ? 'hd' : 'standard',
  };
}
