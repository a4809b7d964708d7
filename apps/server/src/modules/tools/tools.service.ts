import { stat } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@lumigen/contract/messages';
import {
  imageField,
  promisedToolSize,
  toolOutputs,
  type ToolFields,
  type ToolId,
  type ToolProviderName,
} from '@lumigen/contract/tools';
import { AppError } from '../../lib/app-error.ts';
import { isRetryableStatus, type JobKindHandler } from '../paid-work/index.ts';
import { ToolProviderError, type CheckedImage, type ProviderAttempt, type ToolProvider } from './providers/provider.ts';
import { checkToolInput } from './tool-input.ts';
import type { ToolUpload } from './tool-upload.ts';

/** Our answer to each provider failure, and how loudly it is logged. */
export function answerFor(error: ToolProviderError): AppError {
  const options = { cause: error };
  switch (error.failure) {
    case 'rejected_input':
      return new AppError('unprocessable', messages.tool.rejected(error.reason), options);
    case 'unavailable':
      return new AppError('unavailable', messages.tool.unavailable, options);
    case 'rate_limited':
      return new AppError('rate_limited', messages.tool.rateLimited, {
        ...options,
        headers: error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) },
      });
    case 'busy':
      return new AppError('unavailable', messages.tool.busy, {
        ...options,
        headers: { 'retry-after': String(error.retryAfterSeconds ?? 10) },
      });
    case 'timeout':
      return new AppError('provider_failed', messages.tool.timeout, options);
    case 'failed':
      return new AppError('provider_failed', messages.tool.failed, options);
  }
}

/** The checked inputs' sizes and types, kept with the job: the worker does not judge them again. */
type InputFacts = Omit<CheckedImage, 'path'>;
/** `inputs` is absent for a recipe's later step: its input, the previous step's image, is judged when it runs. */
export type ToolJobParams = {
  fields: ToolFields;
  inputs?: { image: InputFacts; mask?: InputFacts };
  /** False when the caller waits for the picture: no previews (docs/decisions/058). */
  previews?: false;
};

/** A tool's checked fields as a multipart body carried them (strings), to be checked again. */
export const fieldsAsSent = (fields: ToolFields): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)]));

/** A recipe's later step: the previous step's image, judged against this tool's limits as an upload would be. */
async function checkFollowingInput(tool: ToolId, file: string, fields: ToolFields): Promise<CheckedImage> {
  const { size } = await stat(file);
  const { image } = await checkToolInput(tool, {
    image: { field: imageField, path: file, size },
    fields: fieldsAsSent(fields),
    dispose: async () => undefined,
  });
  return image;
}

/**
 * The editing tools as paid jobs: the upload is judged when the job is accepted (a 4xx costs
 * nothing, see `tool-input.ts`); a worker later runs the provider on the job's copy of it.
 */
export function createToolsService({
  provider,
  chains,
  recordAttempts,
}: {
  provider: ToolProvider;
  /** Each tool's providers in order (a provider chain's); absent: `provider` alone. */
  chains?: Record<ToolId, ToolProviderName[]> | undefined;
  /** Keeps the calls a job's attempt made, whatever its outcome (`attempts.repository.ts`). */
  recordAttempts?: (jobId: string, attempts: ProviderAttempt[]) => Promise<void>;
}) {
  return {
    providerName: provider.name,
    chains,

    /** Everything judged before the charge: the job's parameters and the files to keep for it. */
    async check(tool: ToolId, upload: ToolUpload): Promise<{ params: ToolJobParams; files: Record<string, string> }> {
      const { image, mask, fields } = await checkToolInput(tool, upload);
      const facts = ({ path: _path, ...rest }: CheckedImage): InputFacts => rest;
      return {
        params: { fields, inputs: { image: facts(image), ...(mask ? { mask: facts(mask) } : {}) } },
        files: { image: image.path, ...(mask ? { mask: mask.path } : {}) },
      };
    },

    /** Each tool as a job kind, at its price now with this provider (`local-engines.ts`, docs/decisions/056). */
    job(tool: ToolId, cost: () => number): JobKindHandler {
      return {
        cost,
        async produce({ jobId, params, files, workDir, log, progress, preview }) {
          const { fields, inputs, previews } = params as ToolJobParams;
          const startedAt = performance.now();
          const image = inputs
            ? { ...inputs.image, path: files.image! }
            : await checkFollowingInput(tool, files.image!, fields);
          const mask = inputs?.mask && files.mask ? { ...inputs.mask, path: files.mask } : undefined;
          const spillTo = workDir && path.join(workDir, 'answer');
          const attempts: ProviderAttempt[] = [];
          let result;
          try {
            result = await provider.run({
              tool,
              image,
              ...(mask ? { mask } : {}),
              fields,
              ...(spillTo ? { spillTo } : {}),
              attempts,
              ...(previews === false ? {} : { preview }),
            });
          } finally {
            // Kept whatever the outcome: a failed call may have cost the operator too.
            await recordAttempts?.(jobId, attempts).catch((error: unknown) =>
              log.error({ err: error }, 'could not record the provider calls'),
            );
          }
          await progress(80);
          // The chain's provider that answered (the last call, a success); a lone provider is its own.
          const answeredBy = attempts.findLast((attempt) => attempt.outcome === 'ok')?.provider ?? provider.name;
          const costUsd = attempts.reduce((sum, attempt) => sum + (attempt.costUsd ?? 0), 0);
          log.info(
            {
              tool,
              provider: answeredBy,
              calls: attempts.length,
              costUsd,
              width: result.width,
              height: result.height,
              ms: Math.round(performance.now() - startedAt),
            },
            'image edited',
          );
          // The prompt has its own column (as a generation's has); sliders and mode are the params.
          const { prompt, ...imageParams } = fields;
          return {
            kind: tool,
            prompt: typeof prompt === 'string' ? prompt : undefined,
            params: imageParams,
            provider: answeredBy,
            ...result,
          };
        },
        promise({ params, files }) {
          const { fields, inputs } = params as ToolJobParams;
          // A recipe's later step meets its input only when it runs (checkFollowingInput, which may
          // scale it): its size is not promised, only that it changes what it was given.
          const size = inputs ? promisedToolSize(tool, inputs.image, fields) : undefined;
          return { size, changedFrom: toolOutputs[tool].mustChange ? files.image : undefined };
        },
        explain(error, log) {
          if (!(error instanceof ToolProviderError)) return undefined;
          // One line per failure, where the provider was called (the request that waits for the job
          // only learns its outcome). What an operator must fix — a refused key, an exhausted quota,
          // a broken local tool — is logged at error level in the provider's own words.
          const fields = {
            err: error,
            tool,
            provider: provider.name,
            failure: error.failure,
            providerStatus: error.status,
            reason: error.reason,
          };
          if (error.failure === 'unavailable') log.error(fields, error.message);
          else log.warn(fields, 'editing tool failed');
          return answerFor(error);
        },
        retryable: (error) =>
          error instanceof ToolProviderError &&
          (error.failure === 'rate_limited' || error.failure === 'failed') &&
          isRetryableStatus(error.status),
      };
    },

    close: () => provider.close?.() ?? Promise.resolve(),
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
