import { setTimeout as sleep } from 'node:timers/promises';
import type { EditProviderName } from '@lumigen/contract/edit';
import type { ImageQuality } from '@lumigen/contract/generation';
import type { FastifyBaseLogger } from 'fastify';
import OpenAI, { toFile } from 'openai';
import type { ImageEditParamsNonStreaming, ImageEditParamsStreaming } from 'openai/resources/images';
import sharp from 'sharp';
import type { OpenAiEditsConfig } from '../../../config.ts';
import type { PngImage } from '../../../lib/image-bytes.ts';
import { partialImagesAsked, readImageStream } from '../../../lib/openai-image-stream.ts';
import { familyOf, type Dimensions } from '../../generation/index.ts';
import { answerOfSize } from './answer-size.ts';
import { failsOver, type ChainMetrics } from './chain.ts';
import { changeMaskOf, transparentMaskPng } from './masks.ts';
import { drawSize, failureOf, openAiEditsEndpoint } from './openai-edits.ts';
import { estimateUsd, type Prices } from './prices.ts';
import {
  ToolProviderError,
  type CheckedImage,
  type ProviderAttempt,
  type ProviderCall,
  type ToolInput,
} from './provider.ts';

/**
 * An edit with words (docs/decisions/057): the first picture is changed as the prompt says, the
 * others are references; a mask (white = may change, the first picture's size) limits the change.
 * The answer is a PNG of exactly `size`.
 */
export type EditInput = {
  images: CheckedImage[];
  mask?: CheckedImage | undefined;
  /** The user's words with the style's suffix. */
  prompt: string;
  size: Dimensions;
  quality: ImageQuality;
  report?: (call: ProviderCall) => void;
  /** Hears the partial pictures of a provider that streams; absent, none is asked for (docs/decisions/058). */
  preview?: ToolInput['preview'];
};

/** A provider that edits with words, and which inputs it can take (Stability's inpaint needs a mask). */
export type EditProvider = {
  readonly name: EditProviderName;
  canEdit(input: Pick<EditInput, 'images' | 'mask'>): boolean;
  edit(input: EditInput): Promise<PngImage>;
};

/** Our two qualities in GPT Image's words; other servers get none (they may not know the field). */
function qualityFor(model: string, quality: ImageQuality): ImageEditParamsNonStreaming['quality'] | undefined {
  const family = familyOf(model);
  if (family !== 'gpt-image' && family !== 'gpt-image-1') return undefined;
  return quality === 'hd' ? 'high' : 'medium';
}

/**
 * `/v1/images/edits` through the official SDK, at OpenAI or any OpenAI-compatible server
 * (`baseUrl`): every picture as `image[]` in order, the first at the size OpenAI is asked to draw
 * and the mask in OpenAI's convention at that same size (alpha 0 = may change). A 429 or 5xx is
 * tried once more within `timeoutMs`.
 */
export function createOpenAiEditWithWords({
  apiKey,
  baseUrl,
  model,
  timeoutMs,
  retryDelayMs = 1000,
}: OpenAiEditsConfig & { retryDelayMs?: number }): EditProvider {
  const client = new OpenAI({ apiKey, baseURL: baseUrl, maxRetries: 0, timeout: timeoutMs, logLevel: 'off' });
  // GPT Image models stream the edit, partial pictures first (docs/decisions/058); others answer it whole.
  const streams = ['gpt-image-1', 'gpt-image'].includes(familyOf(model));
  return {
    name: 'openai',
    canEdit: () => true,
    async edit({ images, mask, prompt, size, quality, report, preview }) {
      const deadline = Date.now() + timeoutMs;
      const [first, ...references] = images;
      if (!first) throw new ToolProviderError('rejected_input', 'an edit needs a picture', { reason: 'no picture' });
      const drawn = drawSize(model, size);
      const firstPng = await sharp(first.path).resize(drawn.width, drawn.height, { fit: 'fill' }).png().toBuffer();
      const maskPng = mask
        ? await transparentMaskPng(await changeMaskOf(mask.path, drawn.width, drawn.height))
        : undefined;
      const files = [
        await toFile(firstPng, 'image-1.png', { type: 'image/png' }),
        ...(await Promise.all(
          references.map(async (reference, index) =>
            toFile(await sharp(reference.path).png().toBuffer(), `image-${index + 2}.png`, { type: 'image/png' }),
          ),
        )),
      ];
      const asked = qualityFor(model, quality);
      for (let retry = 0; ; retry += 1) {
        const startedAt = performance.now();
        let status: number | undefined;
        let usage: Record<string, number> | undefined;
        try {
          const body: ImageEditParamsNonStreaming = {
            model,
            prompt,
            image: files,
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
            return await answerOfSize('OpenAI', streamed.bytes, size);
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
          return await answerOfSize('OpenAI', Buffer.from(b64, 'base64'), size);
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
    },
  };
}

/** The edit providers in the order they are tried, as one; `providers` is empty when none is configured. */
export type EditChain = {
  providers: EditProviderName[];
  /** Some provider can take this input (false: none is configured, or only Stability and no mask). */
  canEdit(input: Pick<EditInput, 'images' | 'mask'>): boolean;
  edit(input: EditInput, attempts: ProviderAttempt[]): Promise<PngImage & { provider: EditProviderName }>;
};

/**
 * Each provider that can take the input, in turn, as the tools' chains do (decision 050): a
 * refusal of the user's input ends the chain; any other failure hands the same input to the next.
 * Every call is kept in `attempts` with its estimated cost.
 */
export function createEditChain({
  providers,
  prices,
  openAiModel,
  metrics,
  log,
}: {
  providers: EditProvider[];
  prices: Prices;
  openAiModel?: string | undefined;
  metrics?: ChainMetrics | undefined;
  log?: FastifyBaseLogger | undefined;
}): EditChain {
  const record = (
    attempts: ProviderAttempt[],
    provider: EditProviderName,
    calls: ProviderCall[],
    outcome: ProviderAttempt['outcome'],
    ms: number,
  ) => {
    const made = calls.length > 0 ? calls : [{ endpoint: 'unreached', status: undefined, ms }];
    made.forEach((call, index) => {
      const callOutcome = index === made.length - 1 ? outcome : 'retried';
      const usd = estimateUsd(prices, provider, call, openAiModel);
      attempts.push({
        provider,
        endpoint: call.endpoint,
        status: call.status ?? null,
        ms: Math.round(call.ms),
        outcome: callOutcome,
        usage: call.usage ?? {},
        costUsd: usd ?? null,
      });
      metrics?.requests.inc({ provider, tool: 'edit', outcome: callOutcome });
      if (usd) metrics?.cost.inc({ provider, kind: 'edit' }, usd);
    });
  };
  return {
    providers: providers.map((provider) => provider.name),
    canEdit: (input) => providers.some((provider) => provider.canEdit(input)),
    async edit(input, attempts) {
      const able = providers.filter((provider) => provider.canEdit(input));
      for (const [index, provider] of able.entries()) {
        const calls: ProviderCall[] = [];
        const startedAt = performance.now();
        try {
          const answer = await provider.edit({ ...input, report: (call) => calls.push(call) });
          record(attempts, provider.name, calls, 'ok', performance.now() - startedAt);
          return { ...answer, provider: provider.name };
        } catch (error) {
          const failure = error instanceof ToolProviderError ? error.failure : 'failed';
          record(attempts, provider.name, calls, failure, performance.now() - startedAt);
          const next = able[index + 1];
          if (!(error instanceof ToolProviderError) || !failsOver(failure) || !next) throw error;
          const fields = { err: error, kind: 'edit', provider: provider.name, failure, next: next.name };
          if (failure === 'unavailable') log?.error(fields, `${error.message}; handing the edit to ${next.name}`);
          else log?.warn(fields, `provider failed; handing the edit to ${next.name}`);
        }
      }
      throw new ToolProviderError('unavailable', 'no configured provider can make this edit');
    },
  };
}

/** Stability's `edit/inpaint` (in `stability.ts`, beside its other endpoints): only a masked edit of one picture. */
export function stabilityEditWithWords(stability: { inpaint(input: EditInput): Promise<PngImage> }): EditProvider {
  return {
    name: 'stability',
    canEdit: ({ images, mask }) => mask !== undefined && images.length === 1,
    edit: (input) => stability.inpaint(input),
  };
}
