import { setTimeout as sleep } from 'node:timers/promises';
import { promisedToolSize, type ToolId } from '@lumigen/contract/tools';
import OpenAI, { toFile } from 'openai';
import type { ImageEditParamsNonStreaming, ImageEditParamsStreaming } from 'openai/resources/images';
import sharp from 'sharp';
import type { OpenAiEditsConfig } from '../../../config.ts';
import type { PngImage } from '../../../lib/image-bytes.ts';
import { partialImagesAsked, readImageStream } from '../../../lib/openai-image-stream.ts';
import { familyOf, flexibleSizeFor, isFlexibleSizeAllowed, type Dimensions } from '../../generation/index.ts';
import { answerOfSize } from './answer-size.ts';
import {
  changeMaskOf,
  modelMasks,
  noTextFound,
  transparentMaskPng,
  type ChangeMask,
  type MaskFinder,
} from './masks.ts';
import { ToolProviderError, type ToolInput, type ToolProvider } from './provider.ts';

export type OpenAiEditsOptions = OpenAiEditsConfig & { masks?: MaskFinder; retryDelayMs?: number };

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

/** OpenAI's errors as our failures: a refused input or content stays with the user, the rest may fail over. */
export function failureOf(error: unknown, timeoutMs: number): ToolProviderError {
  if (error instanceof ToolProviderError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new ToolProviderError('timeout', `OpenAI did not answer within ${timeoutMs} ms`, { cause: error });
  if (
    error instanceof OpenAI.APIUserAbortError ||
    ['AbortError', 'TimeoutError'].includes((error as { name?: string }).name ?? '')
  ) {
    return new ToolProviderError('timeout', `OpenAI did not answer within ${timeoutMs} ms`, { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionError)
    return new ToolProviderError('failed', 'OpenAI could not be reached', { cause: error });
  if (!(error instanceof OpenAI.APIError) || error.status === undefined)
    return new ToolProviderError('failed', 'OpenAI image edit failed', { cause: error });
  const { status, code } = error;
  const options = { status, cause: error };
  if (code === 'moderation_blocked' || code === 'content_policy_violation') {
    return new ToolProviderError('rejected_input', `OpenAI's safety system refused the edit (${status})`, {
      ...options,
      reason: "the image service's content moderation refused this picture or its description",
    });
  }
  if (code === 'insufficient_quota')
    return new ToolProviderError(
      'unavailable',
      'OpenAI: the account has no quota left (429 insufficient_quota)',
      options,
    );
  if (status === 400 || status === 413 || status === 422)
    return new ToolProviderError('rejected_input', `OpenAI refused the input (${status})`, {
      ...options,
      reason: error.message.slice(0, 200),
    });
  if (status === 401 || status === 403)
    return new ToolProviderError(
      'unavailable',
      `OpenAI refused the API key (${status}): check OPENAI_API_KEY`,
      options,
    );
  if (status === 404)
    return new ToolProviderError(
      'unavailable',
      `OpenAI does not serve image edits with this model (404): check OPENAI_IMAGE_MODEL and OPENAI_BASE_URL`,
      options,
    );
  if (status === 429) return new ToolProviderError('rate_limited', 'OpenAI asks us to slow down (429)', options);
  return new ToolProviderError('failed', `OpenAI failed (${status})`, options);
}

type Edit = { canvas: Buffer; size: Dimensions; mask?: ChangeMask; prompt: string };

/**
 * Cleanup, uncrop, replace-background, reimagine and remove-text on OpenAI's `/v1/images/edits`
 * (GPT Image models, through the official SDK). Our masks (white = change) become OpenAI's
 * (alpha 0 = may change: SDK 7.59.0 `mask`, "a valid PNG file, less than 4MB, same dimensions as
 * image"); uncrop sends a padded canvas whose new margins are transparent; the answer is brought
 * back to exactly the size the tool promises. A 429 or 5xx is tried once more within `timeoutMs`.
 * GPT Image models stream the edit when the input has a `preview`, which hears its partial pictures.
 */
export function createOpenAiEditsProvider({
  apiKey,
  baseUrl,
  model,
  timeoutMs,
  masks = modelMasks,
  retryDelayMs = 1000,
}: OpenAiEditsOptions): ToolProvider {
  const client = new OpenAI({ apiKey, baseURL: baseUrl, maxRetries: 0, timeout: timeoutMs, logLevel: 'off' });

  // GPT Image models stream the edit, partial pictures first (docs/decisions/058); others answer it whole.
  const streams = ['gpt-image-1', 'gpt-image'].includes(familyOf(model));

  async function edit(
    { canvas, size, mask, prompt }: Edit,
    deadline: number,
    report:
      | ((call: { endpoint: string; status: number | undefined; ms: number; usage?: Record<string, number> }) => void)
      | undefined,
    preview: ToolInput['preview'],
  ): Promise<Buffer> {
    const drawn = drawSize(model, size);
    // Image and mask at the size asked for: OpenAI wants them the same size, and no larger than it draws.
    const image = await sharp(canvas).resize(drawn.width, drawn.height, { fit: 'fill' }).png().toBuffer();
    const maskPng = mask ? await transparentMaskPng(await changeMaskOf(mask, drawn.width, drawn.height)) : undefined;
    for (let retry = 0; ; retry += 1) {
      const startedAt = performance.now();
      let status: number | undefined;
      let usage: Record<string, number> | undefined;
      try {
        const body: ImageEditParamsNonStreaming = {
          model,
          prompt,
          image: await toFile(image, 'image.png', { type: 'image/png' }),
          ...(maskPng ? { mask: await toFile(maskPng, 'mask.png', { type: 'image/png' }) } : {}),
          size: `${drawn.width}x${drawn.height}`,
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
          return streamed.bytes;
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
        return Buffer.from(b64, 'base64');
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
  }

  return {
    name: 'openai',
    async run({ tool, image, mask, fields, report, preview }): Promise<PngImage> {
      const deadline = Date.now() + timeoutMs;
      const own = { width: image.width, height: image.height };
      const promised = promisedToolSize(tool, image, fields) ?? own;
      const n = (name: string) => Number(fields[name] ?? 0);
      const run = async (request: Edit) =>
        answerOfSize('OpenAI', await edit(request, deadline, report, preview), promised);

      switch (tool as ToolId) {
        case 'cleanup': {
          if (!mask)
            throw new ToolProviderError('rejected_input', 'cleanup needs a mask', { reason: 'a mask is needed' });
          const change = await changeMaskOf(mask.path, image.width, image.height);
          return run({
            canvas: await sharp(image.path).png().toBuffer(),
            size: own,
            mask: change,
            prompt:
              'Remove what is in the masked area and fill it with the surrounding background so that nothing shows it was there.',
          });
        }
        case 'remove-text': {
          const found = await masks.text(image.path);
          if (!found) throw noTextFound();
          return run({
            canvas: await sharp(image.path).png().toBuffer(),
            size: own,
            mask: found,
            prompt:
              'Remove all the text in the masked areas and rebuild the background behind it; change nothing else.',
          });
        }
        case 'uncrop': {
          const [left, right, up, down] = [n('extend_left'), n('extend_right'), n('extend_up'), n('extend_down')];
          const crop = {
            left: Math.max(0, -left),
            top: Math.max(0, -up),
            width: image.width - Math.max(0, -left) - Math.max(0, -right),
            height: image.height - Math.max(0, -up) - Math.max(0, -down),
          };
          const grow = {
            left: Math.max(0, left),
            right: Math.max(0, right),
            top: Math.max(0, up),
            bottom: Math.max(0, down),
          };
          // The picture on a larger transparent canvas: its new margins are what OpenAI may paint.
          const canvas = await sharp(image.path)
            .extract(crop)
            .ensureAlpha()
            .extend({ ...grow, background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .png()
            .toBuffer();
          const change = Buffer.alloc(promised.width * promised.height, 255);
          for (let y = grow.top; y < grow.top + crop.height; y += 1)
            change.fill(0, y * promised.width + grow.left, y * promised.width + grow.left + crop.width);
          return run({
            canvas,
            size: promised,
            mask: { pixels: change, ...promised },
            prompt:
              'Extend the picture into the transparent margins, continuing the scene naturally; keep the existing picture as it is.',
          });
        }
        case 'replace-background': {
          const background = await masks.background(image.path);
          return run({
            canvas: await sharp(image.path).png().toBuffer(),
            size: own,
            mask: background,
            prompt: `Replace the background with: ${String(fields.prompt ?? '')}. Keep the subject exactly as it is.`,
          });
        }
        case 'reimagine':
          return run({
            canvas: await sharp(image.path).png().toBuffer(),
            size: own,
            prompt: 'A new take on this picture: the same subject and scene, reimagined with fresh details.',
          });
        default:
          throw new ToolProviderError('failed', `OpenAI's image edits do not offer ${tool}`);
      }
    },
  };
}
