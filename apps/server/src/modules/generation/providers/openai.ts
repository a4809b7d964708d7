import { setTimeout as sleep } from 'node:timers/promises';
import { dimensionsOf } from '@lumigen/contract/generation';
import OpenAI from 'openai';
import type { ImageGenerateParamsNonStreaming, ImageGenerateParamsStreaming } from 'openai/resources/images';
import type { OpenAiConfig } from '../../../config.ts';
import { readImageStream, type StreamedImage } from '../../../lib/openai-image-stream.ts';
import { readBodyUpTo } from '../../../lib/read-body.ts';
import { imageUrlPolicy, RefusedImageUrl } from './image-url-policy.ts';
import { imagesRequestFor } from './openai-request.ts';
import { toPngOfSize } from './png.ts';
import {
  GenerationProviderError,
  type GenerationInput,
  type GenerationProvider,
  type ProviderCheck,
} from './provider.ts';

/** OpenAI's error codes for a prompt its safety system refused (DALL·E, then GPT Image). */
const contentPolicyCodes = new Set(['content_policy_violation', 'moderation_blocked']);
const longestRetryWaitMs = 20_000;
/** A 3840×2160 PNG is some 25 MB; a linked answer larger than this is not a picture we asked for. */
const longestLinkedImageBytes = 64 * 1024 * 1024;
const modelListTimeoutMs = 10_000;
/** The endpoint each generation calls, as its cost record names it. */
const generationsEndpoint = '/v1/images/generations';

export type OpenAiProviderOptions = OpenAiConfig & {
  /** First back-off when the server names no wait; doubles per retry. Tests shorten it. */
  retryDelayMs?: number;
};

/**
 * The OpenAI Images API through the official SDK; `baseUrl` lets any OpenAI-compatible server
 * answer. The model is the operator's (`OPENAI_IMAGE_MODEL`), asked for as its family requires
 * (`openai-request.ts`); whatever size it draws, the user gets the size they chose.
 *
 * The SDK's own retries are off: it also retries 408, 409, connection errors and whatever an
 * `x-should-retry` header asks, and each retry would restart its timeout. Here only 429 and 5xx
 * are retried, and `timeoutMs` bounds the whole call, retries and a linked image's download
 * included, so the user waits at most that long and the credit reservation never outlives it.
 */
export function createOpenAiProvider({
  apiKey,
  baseUrl,
  model,
  timeoutMs,
  maxRetries,
  retryDelayMs = 500,
}: OpenAiProviderOptions): GenerationProvider {
  const client = new OpenAI({ apiKey, baseURL: baseUrl, maxRetries: 0, timeout: timeoutMs, logLevel: 'off' });
  const checkLink = imageUrlPolicy(baseUrl);

  async function attempt(input: GenerationInput, timeout: number) {
    const body = imagesRequestFor(model, input);
    // The signal also bounds reading the body and a linked image; the SDK's timeout stops at the headers.
    const signal = AbortSignal.timeout(timeout);
    const options = { timeout, maxRetries: 0, signal };
    let bytes: Buffer;
    let usage: StreamedImage['usage'];
    if (body.stream) {
      const events = await client.images.generate(body as ImageGenerateParamsStreaming, options);
      const streamed = await readImageStream(events, input.onPreview);
      // The SDK ends a stream its signal aborted without an error: the deadline passed.
      if (!streamed && signal.aborted) throw new GenerationProviderError('timeout', 'no answer in time');
      if (!streamed) throw new GenerationProviderError('failed', 'the stream ended without the final image');
      bytes = streamed.bytes;
      usage = streamed.usage;
    } else {
      const response = await client.images.generate(body as ImageGenerateParamsNonStreaming, options);
      bytes = await imageBytes(response.data?.[0], signal, checkLink);
      if (response.usage) {
        const { input_tokens, output_tokens, total_tokens } = response.usage;
        usage = { input_tokens, output_tokens, total_tokens };
      }
    }
    const { width, height } = dimensionsOf(input.size);
    return { image: await toPngOfSize(bytes, width, height), usage };
  }

  return {
    name: 'openai',
    model,
    // Its own retries (429, 5xx; decision 004) fit in OPENAI_TIMEOUT_SECONDS; the queue adds none.
    retriesItself: true,
    async generate(input) {
      const deadline = Date.now() + timeoutMs;
      for (let retry = 0; ; retry += 1) {
        const startedAt = performance.now();
        try {
          const { image, usage } = await attempt(input, Math.max(1, deadline - Date.now()));
          const ms = performance.now() - startedAt;
          input.report?.({ endpoint: generationsEndpoint, status: 200, ms, ...(usage ? { usage } : {}) });
          return image;
        } catch (error) {
          const failure = classify(error);
          input.report?.({ endpoint: generationsEndpoint, status: failure.status, ms: performance.now() - startedAt });
          const wait = retryAfterMs(error) ?? retryDelayMs * 2 ** retry * (0.75 + Math.random() * 0.25);
          const retryable = isRetryableStatus(failure.status) && retry < maxRetries && Date.now() + wait < deadline;
          if (!retryable) throw failure;
          await sleep(wait);
        }
      }
    },

    async verify(): Promise<ProviderCheck> {
      try {
        const listed: OpenAI.Models.Model[] = [];
        for await (const entry of client.models.list({
          timeout: modelListTimeoutMs,
          signal: AbortSignal.timeout(modelListTimeoutMs),
        }))
          listed.push(entry);
        const today = new Date().toISOString().slice(0, 10);
        // A model past its shutdown date is gone even while a list still names it.
        const live = listed.filter((entry) => !entry.shutdown_date || entry.shutdown_date > today);
        const imageModels = live.map((entry) => entry.id).filter((id) => /image|dall-e/i.test(id));
        const configured = live.find((entry) => entry.id === model);
        if (configured) {
          if (!configured.shutdown_date) return { verdict: 'ok' };
          const lasting = live
            .filter((entry) => !entry.shutdown_date && imageModels.includes(entry.id))
            .map((entry) => entry.id);
          return { verdict: 'ok', shutdownDate: configured.shutdown_date, lasting };
        }
        return {
          verdict: 'model_missing',
          model,
          imageModels: imageModels.length > 0 ? imageModels : live.map((entry) => entry.id),
        };
      } catch (error) {
        const reason =
          error instanceof OpenAI.APIError && error.status !== undefined
            ? `the provider answered ${error.status}`
            : 'the provider could not be reached';
        return { verdict: 'unknown', reason };
      }
    },
  };
}

/** The image of one answer item: base64 (`b64_json`), a `data:` URL, or an http(s) URL to fetch. */
async function imageBytes(
  item: OpenAI.Images.Image | undefined,
  signal: AbortSignal,
  checkLink: (url: URL) => Promise<void>,
): Promise<Buffer> {
  if (item?.b64_json) return Buffer.from(item.b64_json, 'base64');
  const url = item?.url;
  if (!url) throw new GenerationProviderError('failed', 'the response carried no image');
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',');
    if (comma < 0 || !url.slice(0, comma).endsWith(';base64'))
      throw new GenerationProviderError('failed', 'the response carried an unreadable data URL');
    return Buffer.from(url.slice(comma + 1), 'base64');
  }
  if (!/^https?:\/\//i.test(url))
    throw new GenerationProviderError('failed', 'the response linked the image with an unsupported URL scheme');
  return download(url, signal, checkLink);
}

const mostRedirects = 3;

/**
 * Fetches a linked image where `checkLink` allows, following a redirect only on the same origin
 * (each hop checked again); anything else fails the generation, which is refunded.
 */
async function download(url: string, signal: AbortSignal, checkLink: (url: URL) => Promise<void>): Promise<Buffer> {
  let target = new URL(url);
  let response: Response | undefined;
  for (let hop = 0; ; hop += 1) {
    try {
      await checkLink(target);
    } catch (error) {
      if (error instanceof RefusedImageUrl)
        throw new GenerationProviderError('failed', `refused the linked image: ${error.message}`);
      throw error;
    }
    response = await fetch(target, { signal, redirect: 'manual' });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) break;
    await response.body?.cancel();
    const next = new URL(location, target);
    if (next.origin !== target.origin)
      throw new GenerationProviderError(
        'failed',
        `refused the linked image: a redirect from ${target.host} to another host, ${next.host}`,
      );
    if (hop >= mostRedirects)
      throw new GenerationProviderError('failed', 'refused the linked image: too many redirects');
    target = next;
  }
  if (!response.ok)
    throw new GenerationProviderError('failed', `the linked image answered ${response.status}`, {
      status: response.status,
    });
  const bytes = await readBodyUpTo(response, longestLinkedImageBytes);
  if (!bytes) throw new GenerationProviderError('failed', 'the linked image is too large');
  return bytes;
}

function isRetryableStatus(status: number | undefined): boolean {
  return status !== undefined && (status === 429 || status >= 500);
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | undefined)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

function classify(error: unknown): GenerationProviderError {
  if (error instanceof GenerationProviderError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof OpenAI.APIUserAbortError || isAbort(error))
    return new GenerationProviderError('timeout', 'no answer in time', { cause: error });
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const { status, code } = error;
    if (status === 400 && typeof code === 'string' && contentPolicyCodes.has(code)) {
      return new GenerationProviderError('content_policy', 'prompt refused by the content policy', {
        status,
        cause: error,
      });
    }
    if (code === 'model_not_found')
      return new GenerationProviderError('misconfigured', 'the provider does not serve the configured model', {
        status,
        cause: error,
      });
    return new GenerationProviderError('failed', `the provider answered ${status}`, { status, cause: error });
  }
  return new GenerationProviderError('failed', 'the provider could not be reached', { cause: error });
}

/** The wait a 429 or 503 asks for (`retry-after-ms`, else `retry-after` in seconds), capped. */
function retryAfterMs(error: unknown): number | undefined {
  if (!(error instanceof OpenAI.APIError) || !error.headers) return undefined;
  const milliseconds = Number.parseFloat(error.headers.get('retry-after-ms') ?? '');
  const seconds = Number.parseFloat(error.headers.get('retry-after') ?? '');
  const wait = Number.isFinite(milliseconds) ? milliseconds : Number.isFinite(seconds) ? seconds * 1000 : undefined;
  return wait === undefined ? undefined : Math.min(Math.max(0, wait), longestRetryWaitMs);
}
