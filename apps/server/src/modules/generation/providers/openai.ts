import { setTimeout as sleep } from 'node:timers/promises';
import OpenAI from 'openai';
import type { OpenAiConfig } from '../../../config.ts';
import { toPng } from './png.ts';
import { GenerationProviderError, type GenerationInput, type GenerationProvider } from './provider.ts';

/** OpenAI's error codes for a prompt its safety system refused (DALL·E, then gpt-image). */
const contentPolicyCodes = new Set(['content_policy_violation', 'moderation_blocked']);
const longestRetryWaitMs = 20_000;

export type OpenAiProviderOptions = OpenAiConfig & {
  /** First back-off when the server names no wait; doubles per retry. Tests shorten it. */
  retryDelayMs?: number;
};

/**
 * The OpenAI Images API through the official SDK; `baseUrl` lets any OpenAI-compatible server
 * answer. The SDK's own retries are off: it also retries 408, 409, connection errors and
 * whatever an `x-should-retry` header asks, and each retry would restart its timeout. Here
 * only 429 and 5xx are retried, and `timeoutMs` bounds the whole call, retries included, so
 * the user waits at most that long and the credit reservation never outlives it.
 */
export function createOpenAiProvider({ apiKey, baseUrl, timeoutMs, maxRetries, retryDelayMs = 500 }: OpenAiProviderOptions): GenerationProvider {
  const client = new OpenAI({ apiKey, baseURL: baseUrl, maxRetries: 0, timeout: timeoutMs, logLevel: 'off' });

  async function attempt({ prompt, model, size, quality }: GenerationInput, timeout: number) {
    const response = await client.images.generate(
      // dall-e-2 has one quality and rejects the parameter; dall-e-3 honours standard/hd.
      { model, prompt, size, n: 1, response_format: 'b64_json', ...(model === 'dall-e-3' ? { quality } : {}) },
      // The SDK's timeout stops at the response headers; the signal also bounds reading the body.
      { timeout, maxRetries: 0, signal: AbortSignal.timeout(timeout) },
    );
    const encoded = response.data?.[0]?.b64_json;
    if (!encoded) throw new GenerationProviderError('failed', 'the response carried no image');
    return toPng(Buffer.from(encoded, 'base64'));
  }

  return {
    name: 'openai',
    async generate(input) {
      const deadline = Date.now() + timeoutMs;
      for (let retry = 0; ; retry += 1) {
        try {
          return await attempt(input, Math.max(1, deadline - Date.now()));
        } catch (error) {
          const failure = classify(error);
          const wait = retryAfterMs(error) ?? retryDelayMs * 2 ** retry * (0.75 + Math.random() * 0.25);
          const retryable = isRetryableStatus(failure.status) && retry < maxRetries && Date.now() + wait < deadline;
          if (!retryable) throw failure;
          await sleep(wait);
        }
      }
    },
  };
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
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof OpenAI.APIUserAbortError || isAbort(error)) return new GenerationProviderError('timeout', 'no answer in time', { cause: error });
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const { status, code } = error;
    if (status === 400 && typeof code === 'string' && contentPolicyCodes.has(code)) {
      return new GenerationProviderError('content_policy', 'prompt refused by the content policy', { status, cause: error });
    }
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
