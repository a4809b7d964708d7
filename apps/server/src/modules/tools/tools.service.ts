import { messages } from '@lumigen/contract/messages';
import { creditCosts } from '@lumigen/contract/pricing';
import type { ToolId } from '@lumigen/contract/tools';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { PaidImages } from '../images/paid-image.ts';
import { ToolProviderError, type ToolProvider } from './providers/provider.ts';
import { checkToolInput } from './tool-input.ts';
import type { ToolUpload } from './tool-upload.ts';

export type Edited = { imageId: string; png: Buffer; creditBalance: number };

/** Our answer to each provider failure, and how loudly it is logged. */
function answerFor(error: ToolProviderError, refundedBalance: number | undefined): AppError {
  const options = { cause: error, extra: refundedBalance === undefined ? {} : { creditBalance: refundedBalance } };
  switch (error.failure) {
    case 'rejected_input':
      return new AppError('unprocessable', messages.tool.rejected(error.reason), options);
    case 'unavailable':
      return new AppError('unavailable', messages.tool.unavailable, options);
    case 'rate_limited':
      return new AppError('rate_limited', messages.tool.rateLimited, { ...options, headers: error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) } });
    case 'busy':
      return new AppError('unavailable', messages.tool.busy, { ...options, headers: { 'retry-after': String(error.retryAfterSeconds ?? 10) } });
    case 'timeout':
      return new AppError('provider_failed', messages.tool.timeout, options);
    case 'failed':
      return new AppError('provider_failed', messages.tool.failed, options);
  }
}

/**
 * The editing tools as paid actions: the upload is judged first (a 4xx costs nothing), then one
 * credit is reserved, the provider edits, the result is stored and the credit committed; any
 * failure refunds it (see `paid-image.ts`).
 */
export function createToolsService({ paidImages, provider }: { paidImages: PaidImages; provider: ToolProvider }) {
  return {
    providerName: provider.name,

    async edit(userId: string, tool: ToolId, upload: ToolUpload, log: FastifyBaseLogger): Promise<Edited> {
      const input = await checkToolInput(tool, upload);
      const startedAt = performance.now();
      const { image, png, creditBalance } = await paidImages.make({
        userId,
        cost: creditCosts.edit,
        purpose: tool,
        log,
        async produce() {
          const result = await provider.run(input);
          // The prompt has its own column (as a generation's has); sliders and mode are the params.
          const { prompt, ...params } = input.fields;
          return { kind: tool, prompt: typeof prompt === 'string' ? prompt : undefined, params, provider: provider.name, ...result };
        },
        explain(error, refundedBalance) {
          if (!(error instanceof ToolProviderError)) return undefined;
          // One line per failure; 5xx answers are also logged at error level, with the cause chain,
          // by the error handler: a refused key, an exhausted quota or a broken local tool is loud.
          log.warn({ tool, provider: provider.name, failure: error.failure, providerStatus: error.status, reason: error.reason }, 'editing tool failed');
          return answerFor(error, refundedBalance);
        },
      });
      log.info({ imageId: image.id, tool, provider: provider.name, width: image.width, height: image.height, ms: Math.round(performance.now() - startedAt) }, 'image edited');
      return { imageId: image.id, png, creditBalance };
    },

    close: () => provider.close?.() ?? Promise.resolve(),
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
