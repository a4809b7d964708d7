import { setTimeout as sleep } from 'node:timers/promises';
import { promisedToolSize, type AcceptedImageType, type ToolId } from '@lumigen/contract/tools';
import sharp from 'sharp';
import type { StabilityConfig } from '../../../config.ts';
import { asPng, type PngImage } from '../../../lib/image-bytes.ts';
import { readBodyUpTo } from '../../../lib/read-body.ts';
import { answerOfSize } from './answer-size.ts';
import { changeMaskOf, modelMasks, noTextFound, whiteMaskPng, type MaskFinder } from './masks.ts';
import { multipart, type Part } from './multipart.ts';
import { stabilityCredits } from './prices.ts';
import type { EditInput } from './edit-with-words.ts';
import { ToolProviderError, type ToolInput, type ToolProvider } from './provider.ts';

export type StabilityOptions = StabilityConfig & {
  masks?: MaskFinder;
  /** Between two polls of an asynchronous result; Stability asks for about 10 s. Tests shorten it. */
  pollMs?: number;
  /** Before the one retry of a 429 or 5xx when Stability names no wait. */
  retryDelayMs?: number;
};

/**
 * Stability AI's REST API, v2beta (platform.stability.ai/docs/api-reference, as its OpenAPI spec is
 * mirrored by aself101/stability-ai-api `src/config.ts`, read 2026-11-28): multipart/form-data,
 * `Authorization: Bearer`, `Accept: image/*` for the image's bytes; errors are
 * `{ id, name, errors: [...] }`; replace-background-and-relight answers `{ id }` and its result is
 * polled at `/v2beta/results/{id}` (202 while it runs).
 */
export const stabilityEndpoints = {
  removeBackground: '/v2beta/stable-image/edit/remove-background',
  erase: '/v2beta/stable-image/edit/erase',
  inpaint: '/v2beta/stable-image/edit/inpaint',
  outpaint: '/v2beta/stable-image/edit/outpaint',
  relight: '/v2beta/stable-image/edit/replace-background-and-relight',
  upscaleFast: '/v2beta/stable-image/upscale/fast',
  upscaleConservative: '/v2beta/stable-image/upscale/conservative',
  // Stability's image-to-image today: Stable Image Ultra with an `image` and a `strength`.
  imageToImage: '/v2beta/stable-image/generate/ultra',
  results: '/v2beta/results',
} as const;

/** upscale/fast takes at most a megapixel in (Stability's reference); larger pictures go to conservative. */
export const fastUpscaleMaxPixels = 1024 * 1024;
const longestAnswerBytes = 128 * 1024 * 1024;
const longestErrorBytes = 64 * 1024;
const extensions: Record<AcceptedImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

const isAbort = (error: unknown) =>
  ['AbortError', 'TimeoutError'].includes((error as { name?: string } | undefined)?.name ?? '');

/** `{ name, errors: [...] }`: Stability's own words, when short enough to show. */
function reasonIn(body: Buffer): string | undefined {
  try {
    const { errors, name } = JSON.parse(body.toString('utf8')) as { errors?: unknown; name?: unknown };
    const words = Array.isArray(errors)
      ? errors.filter((e) => typeof e === 'string').join('; ')
      : typeof name === 'string'
        ? name
        : '';
    const reason = words.replace(/[\p{Cc}\s]+/gu, ' ').trim();
    return reason && reason.length <= 200 ? reason : undefined;
  } catch {
    return undefined;
  }
}

/** Stability's documented statuses as our failures: what may fail over and what is the user's. */
function failureFor(status: number, body: Buffer, retryAfter: string | null): ToolProviderError {
  const reason = reasonIn(body);
  if (status === 400 || status === 413 || status === 422)
    return new ToolProviderError('rejected_input', `Stability refused the input (${status})`, { status, reason });
  // Content moderation: the user's picture or words, said plainly, never tried elsewhere.
  if (status === 403)
    return new ToolProviderError('rejected_input', 'Stability content moderation refused the request (403)', {
      status,
      reason: "the image service's content moderation refused this picture or its description",
    });
  if (status === 401)
    return new ToolProviderError('unavailable', 'Stability refused the API key (401): check STABILITY_API_KEY', {
      status,
      reason,
    });
  if (status === 402)
    return new ToolProviderError('unavailable', 'Stability has no credits left on this account (402): top it up', {
      status,
      reason,
    });
  const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Math.min(Number(retryAfter), 3600) : undefined;
  if (status === 429)
    return new ToolProviderError('rate_limited', 'Stability asks us to slow down (429)', {
      status,
      ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
    });
  if (status >= 500) return new ToolProviderError('failed', `Stability failed (${status})`, { status, reason });
  return new ToolProviderError('failed', `Stability answered ${status}: check STABILITY_BASE_URL`, { status, reason });
}

/** light_phi (around the object, 0–359°) as Stability's four light directions. */
export function lightDirection(phi: number): 'above' | 'right' | 'below' | 'left' {
  const turned = ((phi % 360) + 360 + 45) % 360;
  return (['above', 'right', 'below', 'left'] as const)[Math.floor(turned / 90)]!;
}

type Request = { endpoint: string; parts: Part[]; asynchronous?: boolean };

/**
 * Every editing tool on the v2beta endpoint that fits it (decision 050): a 429 or 5xx is tried once
 * more, then the chain's next provider gets the job; the whole call, retry and polling included,
 * lasts at most `timeoutMs`. The answer is brought to exactly the size the tool promises.
 */
export function createStabilityProvider({
  apiKey,
  baseUrl,
  timeoutMs,
  masks = modelMasks,
  pollMs = 10_000,
  retryDelayMs = 1000,
}: StabilityOptions): ToolProvider & { inpaint(input: EditInput): Promise<PngImage> } {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${apiKey}`, accept: 'image/*' };

  async function send(request: Request, deadline: number, report: ToolInput['report']): Promise<Buffer> {
    for (let retry = 0; ; retry += 1) {
      const startedAt = performance.now();
      let status: number | undefined;
      let credits: number | undefined;
      try {
        const form = multipart(request.parts);
        const init: RequestInit & { duplex: 'half' } = {
          method: 'POST',
          headers: {
            ...headers,
            ...(request.asynchronous ? { accept: 'application/json' } : {}),
            'content-type': form.contentType,
            'content-length': String(form.length),
          },
          body: form.body() as unknown as BodyInit,
          duplex: 'half',
          redirect: 'error',
          signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
        };
        const response = await fetch(`${base}${request.endpoint}`, init);
        status = response.status;
        if (!response.ok) {
          credits = 0;
          const failure = failureFor(
            status,
            (await readBodyUpTo(response, longestErrorBytes)) ?? Buffer.alloc(0),
            response.headers.get('retry-after'),
          );
          const wait = (failure.retryAfterSeconds ?? retryDelayMs / 1000) * 1000;
          if ((status === 429 || status >= 500) && retry === 0 && Date.now() + wait < deadline) {
            await sleep(wait);
            continue;
          }
          throw failure;
        }
        const body = await readBodyUpTo(response, longestAnswerBytes);
        if (!body)
          throw new ToolProviderError('failed', `Stability's answer is larger than ${longestAnswerBytes} bytes`);
        if (!request.asynchronous) {
          credits = stabilityCredits(request.endpoint);
          return body;
        }
        const { id } = JSON.parse(body.toString('utf8')) as { id?: unknown };
        if (typeof id !== 'string' || !/^[\w-]{1,128}$/.test(id))
          throw new ToolProviderError('failed', 'Stability answered an asynchronous request without a result id');
        const bytes = await poll(id, deadline);
        status = 200;
        credits = stabilityCredits(request.endpoint);
        return bytes;
      } catch (error) {
        if (error instanceof ToolProviderError) throw error;
        if (isAbort(error))
          throw new ToolProviderError('timeout', `Stability did not answer within ${timeoutMs} ms`, { cause: error });
        throw new ToolProviderError('failed', 'Stability could not be reached', { cause: error });
      } finally {
        // One report per call (a retried one too: the chain marks it so).
        report?.({
          endpoint: request.endpoint,
          status,
          ms: performance.now() - startedAt,
          ...(credits === undefined ? {} : { usage: { credits } }),
        });
      }
    }
  }

  /** An asynchronous job's result: 202 while it runs, then the image's bytes; never past the deadline. */
  async function poll(id: string, deadline: number): Promise<Buffer> {
    for (;;) {
      const wait = Math.min(pollMs, deadline - Date.now());
      if (wait <= 0)
        throw new ToolProviderError('timeout', `Stability's result ${id} was not ready within ${timeoutMs} ms`);
      await sleep(wait);
      const response = await fetch(`${base}${stabilityEndpoints.results}/${id}`, {
        headers,
        redirect: 'error',
        signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
      });
      if (response.status === 202) {
        await response.body?.cancel();
        continue;
      }
      if (!response.ok)
        throw failureFor(
          response.status,
          (await readBodyUpTo(response, longestErrorBytes)) ?? Buffer.alloc(0),
          response.headers.get('retry-after'),
        );
      const body = await readBodyUpTo(response, longestAnswerBytes);
      if (!body) throw new ToolProviderError('failed', `Stability's answer is larger than ${longestAnswerBytes} bytes`);
      return body;
    }
  }

  const png = { name: 'output_format', value: 'png' };

  return {
    name: 'stability',
    /**
     * An edit with words where the mask says (docs/decisions/057): `edit/inpaint` takes the picture,
     * a mask whose white may change (ours already) and the prompt; references are not its to take.
     */
    async inpaint({ images, mask, prompt, size, report }): Promise<PngImage> {
      const [image] = images;
      if (!image || !mask)
        throw new ToolProviderError('rejected_input', 'inpaint needs a picture and a mask', {
          reason: 'paint a mask over what should change',
        });
      const white = await whiteMaskPng(await changeMaskOf(mask.path, image.width, image.height));
      const bytes = await send(
        {
          endpoint: stabilityEndpoints.inpaint,
          parts: [
            { name: 'image', filename: `image.${extensions[image.type]}`, type: image.type, source: image },
            { name: 'mask', filename: 'mask.png', type: 'image/png', source: { bytes: white } },
            { name: 'prompt', value: prompt },
            png,
          ],
        },
        Date.now() + timeoutMs,
        report,
      );
      return answerOfSize('Stability', bytes, size);
    },
    async run(input): Promise<PngImage> {
      const { tool, image, mask, fields, report } = input;
      const deadline = Date.now() + timeoutMs;
      const upload = (name = 'image'): Part => ({
        name,
        filename: `image.${extensions[image.type]}`,
        type: image.type,
        source: image,
      });
      const promised = promisedToolSize(tool, image, fields);
      const n = (name: string) => Number(fields[name] ?? 0);
      const call = async (request: Request, size: { width: number; height: number } | undefined = promised) =>
        answerOfSize('Stability', await send(request, deadline, report), size);

      switch (tool satisfies ToolId) {
        case 'remove-background':
          return call({ endpoint: stabilityEndpoints.removeBackground, parts: [upload(), png] });
        case 'cleanup': {
          if (!mask)
            throw new ToolProviderError('rejected_input', 'cleanup needs a mask', { reason: 'a mask is needed' });
          // Our mask and Stability's agree: white is what goes.
          const white = await whiteMaskPng(await changeMaskOf(mask.path, image.width, image.height));
          return call({
            endpoint: stabilityEndpoints.erase,
            parts: [upload(), { name: 'mask', filename: 'mask.png', type: 'image/png', source: { bytes: white } }, png],
          });
        }
        case 'remove-text': {
          const found = await masks.text(image.path);
          if (!found) throw noTextFound();
          const white = await whiteMaskPng(await changeMaskOf(found, image.width, image.height));
          return call({
            endpoint: stabilityEndpoints.erase,
            parts: [upload(), { name: 'mask', filename: 'mask.png', type: 'image/png', source: { bytes: white } }, png],
          });
        }
        case 'uncrop': {
          // Stability only grows (0–2000 px a side): a negative side is cropped here first.
          const [left, right, up, down] = [n('extend_left'), n('extend_right'), n('extend_up'), n('extend_down')];
          const crop = {
            left: Math.max(0, -left),
            top: Math.max(0, -up),
            width: image.width - Math.max(0, -left) - Math.max(0, -right),
            height: image.height - Math.max(0, -up) - Math.max(0, -down),
          };
          const cropped = await sharp(image.path).extract(crop).png().toBuffer();
          const grow = {
            left: Math.max(0, left),
            right: Math.max(0, right),
            up: Math.max(0, up),
            down: Math.max(0, down),
          };
          if (Object.values(grow).every((side) => side === 0)) return (await asPng(cropped))!;
          const sides = Object.entries(grow).map(([name, value]) => ({ name, value: String(value) }));
          return call({
            endpoint: stabilityEndpoints.outpaint,
            parts: [
              { name: 'image', filename: 'image.png', type: 'image/png', source: { bytes: cropped } },
              ...sides,
              png,
            ],
          });
        }
        case 'replace-background':
          return call(
            {
              endpoint: stabilityEndpoints.relight,
              asynchronous: true,
              parts: [upload('subject_image'), { name: 'background_prompt', value: String(fields.prompt ?? '') }, png],
            },
            { width: image.width, height: image.height },
          );
        case 'product-photography':
          // The subject kept on a studio backdrop; the sliders become Stability's light direction and strength.
          return call(
            {
              endpoint: stabilityEndpoints.relight,
              asynchronous: true,
              parts: [
                upload('subject_image'),
                {
                  name: 'background_prompt',
                  value: 'a clean professional product photography studio backdrop, soft seamless surface',
                },
                { name: 'preserve_original_subject', value: '1' },
                { name: 'light_source_direction', value: lightDirection(n('light_phi')) },
                {
                  name: 'light_source_strength',
                  value: String(Math.min(1, Math.max(0, n('shadow_darkness') / 2)).toFixed(2)),
                },
                png,
              ],
            },
            { width: image.width, height: image.height },
          );
        case 'upscale': {
          const fast = image.width * image.height <= fastUpscaleMaxPixels;
          const parts: Part[] = fast
            ? [upload(), png]
            : [upload(), { name: 'prompt', value: 'the same picture, sharp and detailed' }, png];
          return call({
            endpoint: fast ? stabilityEndpoints.upscaleFast : stabilityEndpoints.upscaleConservative,
            parts,
          });
        }
        case 'reimagine':
          return call(
            {
              endpoint: stabilityEndpoints.imageToImage,
              parts: [
                upload(),
                { name: 'prompt', value: 'a new take on this picture: the same subject and scene, reimagined' },
                { name: 'strength', value: '0.6' },
                png,
              ],
            },
            { width: image.width, height: image.height },
          );
      }
    },
  };
}
