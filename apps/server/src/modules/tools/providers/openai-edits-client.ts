import { setTimeout as sleep } from 'node:timers/promises';
import type { ImageQuality } from '@lumigen/contract/generation';
import OpenAI, { toFile } from 'openai';
import type { ImageEditParamsNonStreaming, ImageEditParamsStreaming } from 'openai/resources/images';
import sharp from 'sharp';
import type { OpenAiEditsConfig } from '../../../config.ts';
import { partialImagesAsked, readImageStream } from '../../../lib/openai-image-stream.ts';
import { familyOf, flexibleSizeFor, isFlexibleSizeAllowed, type Dimensions } from '../../generation/index.ts';
import { changeMaskOf, transparentMaskPng, type ChangeMask } from './masks.ts';
import { failureOf } from './openai-edits-failure.ts';
import { ToolProviderError, type ProviderCall, type ToolInput } from './provider.ts';

export const openAiEditsEndpoint = '/v1/images/edits';

const fixedSizes: Dimensions[] = [
  { width: 1024, height: 1024 },
  { width: 1536, height: 1024 },
  { width: 1024, height: 1536 },
];

/**
 * The size OpenAI is asked to draw at, and the image and mask are sent at: GPT Image 2.x takes any
 * size within its limits (multiples of 16, 3:1 at most; SDK 7.59.0 `ImageEditParamsBase.size`), so
 * the nearest allowed size of the picture's proportions; older models, the closest of their three.
 */
export function drawSize(model: string, canvas: Dimensions): Dimensions {
  if (familyOf(model) === 'gpt-image') {
    const flexible = flexibleSizeFor(canvas);
    if (isFlexibleSizeAllowed(flexible)) return flexible;
  }
  const ratio = canvas.width / canvas.height;
  return fixedSizes.reduce((a, b) =>
    Math.abs(Math.log(b.width / b.height / ratio)) < Math.abs(Math.log(a.width / a.height / ratio)) ? b : a,
  );
}

/** Our two qualities in GPT Image's words; other servers get none (they may not know the field). */
function qualityFor(model: string, quality: ImageQuality): ImageEditParamsNonStreaming['quality'] | undefined {
  const family = familyOf(model);
  if (family !== 'gpt-image' && family !== 'gpt-image-1') return undefined;
  return quality === 'hd' ? 'high' : 'medium';
}

/** A picture as sharp reads it: its bytes, or the path of its file. */
type Picture = Buffer | string;

export type OpenAiEditRequest<T> = {
  /**
   * One picture goes as `image`, a list as `image[]` in its order; the first is sent at the size
   * OpenAI draws, the others as they are.
   */
  pictures: Picture | [Picture, ...Picture[]];
  /** White = may change, any size: sent in OpenAI's convention (alpha 0 = may change) at the drawn size. */
  mask?: ChangeMask | string | undefined;
  prompt: string;
  /** The canvas the edit is for; OpenAI is asked for the nearest size it draws (`drawSize`). */
  size: Dimensions;
  /** Absent, no quality is asked for. */
  quality?: ImageQuality | undefined;
  /** When the last try must have ended, in `Date.now()` milliseconds. */
  deadline: number;
  report?: ((call: ProviderCall) => void) | undefined;
  /** Hears the partial pictures of a model that streams; absent, none is asked for (docs/decisions/058). */
  preview?: ToolInput['preview'];
  /** What the caller makes of the answer's bytes, within the call: its failure is the call's. */
  answer: (bytes: Buffer) => Promise<T>;
};

export type OpenAiEdit = <T>(request: OpenAiEditRequest<T>) => Promise<T>;

/**
 * `/v1/images/edits` through the official SDK, at OpenAI or any OpenAI-compatible server
 * (`baseUrl`). A 429 or 5xx is tried once more within the deadline; every try is reported.
 */
export function createOpenAiEdit({
  apiKey,
  baseUrl,
  model,
  timeoutMs,
  retryDelayMs = 1000,
}: OpenAiEditsConfig & { retryDelayMs?: number }): OpenAiEdit {
  const client = new OpenAI({ apiKey, baseURL: baseUrl, maxRetries: 0, timeout: timeoutMs, logLevel: 'off' });
  // GPT Image models stream the edit, partial pictures first (docs/decisions/058); others answer it whole.
  const streams = ['gpt-image-1', 'gpt-image'].includes(familyOf(model));

  return async function edit({ pictures, mask, prompt, size, quality, deadline, report, preview, answer }) {
    const [first, ...references] = Array.isArray(pictures) ? pictures : [pictures];
    const drawn = drawSize(model, size);
    // Image and mask at the size asked for: OpenAI wants them the same size, and no larger than it draws.
    const firstPng = await sharp(first).resize(drawn.width, drawn.height, { fit: 'fill' }).png().toBuffer();
    const maskPng = mask ? await transparentMaskPng(await changeMaskOf(mask, drawn.width, drawn.height)) : undefined;
    const image = Array.isArray(pictures)
      ? [
          await toFile(firstPng, 'image-1.png', { type: 'image/png' }),
          ...(await Promise.all(
            references.map(async (reference, index) =>
              toFile(await sharp(reference).png().toBuffer(), `image-${index + 2}.png`, { type: 'image/png' }),
            ),
          )),
        ]
      : await toFile(firstPng, 'image.png', { type: 'image/png' });
    const asked = quality ? qualityFor(model, quality) : undefined;
    for (let retry = 0; ; retry += 1) {
      const startedAt = performance.now();
      let status: number | undefined;
      let usage: Record<string, number> | undefined;
      try {
        const body: ImageEditParamsNonStreaming = {
          model,
          prompt,
          image,
          ...(maskPng ? { mask: await toFile(maskPng, 'mask.png', { type: 'image/png' }) } : {}),
          size: `${drawn.width}x${drawn.height}`,
          ...(asked ? { quality: asked } : {}),
          n: 1,
        };
        const remaining = Math.max(1, deadline - Date.now());
        const signal = AbortSignal.timeout(remaining);
        const options = { timeout: remaining, maxRetries: 0, signal };
        // Partial pictures cost output tokens: asked for only when someone will see them.
        if (streams && preview) {
          const events = await client.images.edit(
            { ...body, stream: true, partial_images: partialImagesAsked } satisfies ImageEditParamsStreaming,
            options,
          );
          status = 200;
          const streamed = await readImageStream(events, preview);
          // The SDK ends a stream its signal aborted without an error: the deadline passed.
          if (!streamed && signal.aborted)
            throw new ToolProviderError('timeout', `OpenAI did not answer within ${timeoutMs} ms`);
          if (!streamed) throw new ToolProviderError('failed', 'OpenAI ended the edit stream without the image');
          usage = streamed.usage;
          return await answer(streamed.bytes);
        }
        const response = await client.images.edit(body, options);
        status = 200;
        if (response.usage)
          usage = {
            input_tokens: response.usage.input_tokens,
            output_tokens: response.usage.output_tokens,
            total_tokens: response.usage.total_tokens,
          };
        const b64 = response.data?.[0]?.b64_json;
        if (!b64) throw new ToolProviderError('failed', 'OpenAI answered an edit without an image');
        return await answer(Buffer.from(b64, 'base64'));
      } catch (error) {
        const failure = failureOf(error, timeoutMs);
        status ??= failure.status;
        const retryable =
          failure.status !== undefined &&
          (failure.status === 429 || failure.status >= 500) &&
          failure.failure !== 'unavailable';
        if (retryable && retry === 0 && Date.now() + retryDelayMs < deadline) {
          await sleep(retryDelayMs);
          continue;
        }
        throw failure;
      } finally {
        report?.({
          endpoint: openAiEditsEndpoint,
          status,
          ms: performance.now() - startedAt,
          ...(usage ? { usage } : {}),
        });
      }
    }
  };
}
