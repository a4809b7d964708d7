import type { EditProviderName } from '@lumigen/contract/edit';
import type { ImageQuality } from '@lumigen/contract/generation';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenAiEditsConfig } from '../../../config.ts';
import type { PngImage } from '../../../lib/image-bytes.ts';
import type { Dimensions } from '../../generation/index.ts';
import { answerOfSize } from './answer-size.ts';
import { failsOver, providerAttempts, type ChainMetrics } from './chain.ts';
import { createOpenAiEdit } from './openai-edits-client.ts';
import type { Prices } from './prices.ts';
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
  const edit = createOpenAiEdit({ apiKey, baseUrl, model, timeoutMs, retryDelayMs });
  return {
    name: 'openai',
    canEdit: () => true,
    async edit({ images, mask, prompt, size, quality, report, preview }) {
      const deadline = Date.now() + timeoutMs;
      const [first, ...references] = images;
      if (!first) throw new ToolProviderError('rejected_input', 'an edit needs a picture', { reason: 'no picture' });
      return edit({
        pictures: [first.path, ...references.map((reference) => reference.path)],
        mask: mask?.path,
        prompt,
        size,
        quality,
        deadline,
        report,
        preview,
        // Read within the call: a picture that cannot be read is the call's failure.
        answer: (bytes) => answerOfSize('OpenAI', bytes, size),
      });
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
    for (const attempt of providerAttempts(provider, made, outcome, { prices, openAiModel })) {
      attempts.push(attempt);
      metrics?.requests.inc({ provider, tool: 'edit', outcome: attempt.outcome });
      if (attempt.costUsd) metrics?.cost.inc({ provider, kind: 'edit' }, attempt.costUsd);
    }
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
