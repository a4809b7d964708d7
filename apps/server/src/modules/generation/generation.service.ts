import { randomInt } from 'node:crypto';
import { dimensionsOf, promptWithStyle, type ValidGenerateImageRequest } from '@lumigen/contract/generation';
import { generateImageRequest } from '@lumigen/contract/generation-schemas';
import type { GenerationState } from '@lumigen/contract/health';
import { messages } from '@lumigen/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import { defaultImageModel } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRetryableStatus, type JobKindHandler } from '../paid-work/index.ts';
import {
  GenerationProviderError,
  type GenerationCall,
  type GenerationProvider,
  type ProviderFailure,
} from './providers/provider.ts';

/**
 * The job parameter of a generation whose caller waits for the picture (the specification's
 * generate-image, the OpenAI drop-in): `false` makes no previews (docs/decisions/058).
 */
export const previewsParam = 'previews';

const failureErrors = {
  content_policy: ['bad_request', messages.contentPolicy],
  timeout: ['provider_failed', messages.providerTimeout],
  misconfigured: ['unavailable', messages.generationUnavailable],
  failed: ['provider_failed', messages.providerFailed],
} as const;

/** Text-to-image as a paid job (see `jobs/job-runner.ts`: reserved at acceptance, painted by a worker). */
/** `cost`: a generation's price now with this provider, for its parameters (docs/decisions/056). */
export function createGenerationService({
  provider,
  cost,
  recordCalls,
}: {
  provider: GenerationProvider;
  cost: (params: Record<string, unknown>) => number;
  /** Keeps a job's calls to an outside provider with its cost; `failure`: why the last one failed. */
  recordCalls?: (jobId: string, calls: GenerationCall[], failure?: ProviderFailure) => Promise<void>;
}) {
  // A provider that does not serve the configured model cannot be fixed by a retry: until the
  // operator fixes it (and restarts), every generation is refused before anything is charged.
  let state: GenerationState = 'ok';
  // A served model with an announced shutdown: reported until that day, served until it is gone.
  let shutdownDate: string | undefined;

  function markMisconfigured(log: FastifyBaseLogger, detail: Record<string, unknown>, message: string) {
    if (state !== 'misconfigured') log.error({ provider: provider.name, model: provider.model, ...detail }, message);
    state = 'misconfigured';
  }

  return {
    providerName: provider.name,
    model: provider.model,
    state: (): GenerationState =>
      state === 'ok' && shutdownDate !== undefined && new Date().toISOString().slice(0, 10) < shutdownDate
        ? 'deprecated'
        : state,

    /** Asks the provider once whether it serves the configured model (with a key: `GET /v1/models`). */
    async verifyProvider(log: FastifyBaseLogger): Promise<void> {
      if (!provider.verify) return;
      const check = await provider.verify();
      if (check.verdict === 'model_missing') {
        const offered = check.imageModels.length > 0 ? check.imageModels.join(', ') : 'none';
        markMisconfigured(
          log,
          { imageModels: check.imageModels },
          `OPENAI_IMAGE_MODEL=${check.model} is not offered by the image provider; image models it offers: ${offered}. Generation answers 503 until this is fixed.`,
        );
      } else if (check.verdict === 'ok' && check.shutdownDate) {
        shutdownDate = check.shutdownDate;
        const replacement = check.lasting?.includes(defaultImageModel) ? defaultImageModel : check.lasting?.[0];
        log.warn(
          { provider: provider.name, model: provider.model, shutdownDate, replacement },
          `OPENAI_IMAGE_MODEL=${provider.model} shuts down on ${shutdownDate}: set OPENAI_IMAGE_MODEL=${replacement ?? 'a model with no shutdown date'} before then. Generation keeps working until that day.`,
        );
      } else if (check.verdict === 'unknown') {
        log.warn(
          { provider: provider.name, model: provider.model, reason: check.reason },
          'could not check the image model at start-up; generation stays on',
        );
      }
    },

    /** Before anything is charged: a misconfigured provider refuses every generation (503). */
    assertAvailable(): void {
      if (state === 'misconfigured') throw new AppError('unavailable', messages.generationUnavailable);
    },

    /** Generation as a job kind: the accepted request is painted by the provider. */
    job: {
      cost,
      async produce({ jobId, params, log, progress, preview }) {
        const { [previewsParam]: previews, ...asked0 } = params;
        const request = generateImageRequest.parse(asked0);
        // A fresh seed per call: "Generate Another Image" with the same prompt paints a new picture,
        // and the stored seed reproduces this one.
        const seed = randomInt(2 ** 31);
        const startedAt = performance.now();
        const { style, ...asked } = request;
        const calls: GenerationCall[] = [];
        let failure: ProviderFailure | undefined;
        let result;
        try {
          result = await provider.generate({
            ...asked,
            prompt: promptWithStyle(request.prompt, style),
            seed,
            // A caller that waits for the picture sees no preview: none is made (nor streamed, nor paid for).
            ...(previews === false ? {} : { onPreview: preview }),
            report: (call) => calls.push(call),
          });
        } catch (error) {
          failure = error instanceof GenerationProviderError ? error.failure : 'failed';
          throw error;
        } finally {
          // Kept whatever the outcome: a failed call may have cost the operator too.
          if (calls.length > 0)
            await recordCalls?.(jobId, calls, failure).catch((error: unknown) =>
              log.error({ err: error }, 'could not record the provider calls'),
            );
        }
        await progress(80);
        log.info(
          { provider: provider.name, size: request.size, ms: Math.round(performance.now() - startedAt) },
          'image generated',
        );
        const imageParams = {
          model: request.model,
          size: request.size,
          quality: request.quality,
          style,
          seed,
          ...(provider.model ? { providerModel: provider.model } : {}),
        };
        return { kind: 'generation', prompt: request.prompt, params: imageParams, provider: provider.name, ...result };
      },
      // The size the user chose, whatever the provider drew (the OpenAI adapter brings it there).
      promise: ({ params }) => ({ size: dimensionsOf((params as ValidGenerateImageRequest).size) }),
      explain(error, log) {
        if (!(error instanceof GenerationProviderError)) return undefined;
        // Outcome and sizes only: the prompt is the user's, and stays out of the logs.
        // The error's message and causes name no prompt: the providers word them from status and code.
        log.warn(
          { err: error, provider: provider.name, failure: error.failure, providerStatus: error.status },
          'generation failed',
        );
        if (error.failure === 'misconfigured')
          markMisconfigured(
            log,
            {},
            `the image provider does not serve OPENAI_IMAGE_MODEL=${provider.model}; generation answers 503 until this is fixed`,
          );
        const [code, message] = failureErrors[error.failure];
        return new AppError(code, message, { cause: error });
      },
      retryable: (error) =>
        !provider.retriesItself &&
        error instanceof GenerationProviderError &&
        error.failure === 'failed' &&
        isRetryableStatus(error.status),
    } satisfies JobKindHandler,
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
