import { editMessages, editUnavailableCode, type EditSize } from '@lumigen/contract/edit';
import { editFields, type EditFields } from '@lumigen/contract/edit-schemas';
import { dimensionsOf, promptWithStyle } from '@lumigen/contract/generation';
import { messages } from '@lumigen/contract/messages';
import { toolImageLimits } from '@lumigen/contract/tools';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { isRetryableStatus, type JobKindHandler } from '../paid-work/index.ts';
import type { EditChain } from './providers/edit-with-words.ts';
import { ToolProviderError, type CheckedImage, type ProviderAttempt } from './providers/provider.ts';
import type { EditFieldNames, EditUpload } from './edit-upload.ts';
import { checkImage } from './tool-input.ts';
import { answerFor } from './tools.service.ts';

type InputFacts = Omit<CheckedImage, 'path'>;
/** What is kept with an edit job: its checked fields and its pictures' facts (the files are its inputs). */
export type EditJobParams = {
  fields: EditFields;
  inputs: { images: InputFacts[]; mask?: InputFacts };
  /** False when the caller waits for the picture: no previews (docs/decisions/058). */
  previews?: false;
};

/** The pictures' limit: cleanup's, the other tool that takes a painted mask. */
const editLimits = { tool: 'edit', maxPixels: toolImageLimits.cleanup.maxMegapixels * 1e6, fitInside: undefined };

/**
 * OpenAI's mask (alpha 0 = may change) as ours (white = may change), beside the upload; a mask
 * without an alpha channel says nothing in OpenAI's convention and is refused as OpenAI refuses it.
 */
async function whiteWhereTransparent(mask: CheckedImage): Promise<CheckedImage> {
  const { hasAlpha } = await sharp(mask.path).metadata();
  if (!hasAlpha) throw new AppError('bad_request', editMessages.maskWithoutAlpha);
  const white = `${mask.path}.white.png`;
  const info = await sharp(mask.path).extractChannel('alpha').negate().png().toFile(white);
  return { path: white, size: info.size, type: 'image/png', width: info.width, height: info.height };
}

const roleOf = (index: number) => `image-${index + 1}`;

/** The size the edit answers at: the picture's own (`auto`) or the one asked for. */
export const editTargetSize = (size: EditSize, first: { width: number; height: number }) =>
  size === 'auto' ? { width: first.width, height: first.height } : dimensionsOf(size);

/**
 * Edit with words as paid work (docs/decisions/057): judged before the charge (fields, every
 * picture, the mask against the first picture's size), run by the first provider of the chain
 * that can take it, priced as a generation.
 */
export function createEditService({
  chain,
  cost,
  recordAttempts,
}: {
  chain: EditChain;
  /** The current price of an edit (docs/decisions/056), read when the job is accepted. */
  cost: () => number;
  recordAttempts?: (jobId: string, attempts: ProviderAttempt[]) => Promise<void>;
}) {
  return {
    providers: chain.providers,
    available: () => chain.providers.length > 0,

    /** Before anything is read or charged: no provider that can edit is a 503 naming why. */
    assertAvailable(): void {
      if (chain.providers.length === 0)
        throw new AppError('unavailable', editMessages.unavailable, { extra: { code: editUnavailableCode } });
    },

    /** Everything judged before the charge; a 4xx here costs nothing. */
    async check(
      upload: EditUpload,
      maskChanges: EditFieldNames['maskChanges'] = 'white',
    ): Promise<{ params: EditJobParams; files: Record<string, string> }> {
      if (upload.images.length === 0) throw new AppError('bad_request', editMessages.imageMissing);
      const parsed = editFields.safeParse(upload.fields);
      if (!parsed.success)
        throw new AppError('bad_request', parsed.error.issues[0]?.message ?? messages.tool.malformed);
      const images: CheckedImage[] = [];
      for (const image of upload.images) images.push(await checkImage(image, editLimits));
      const first = images[0]!;
      const field = maskChanges === 'white' ? 'mask_file' : 'mask';
      const sent = upload.mask ? await checkImage({ ...upload.mask, field }, editLimits) : undefined;
      if (sent && (sent.width !== first.width || sent.height !== first.height))
        throw new AppError('bad_request', editMessages.maskSize(first.width, first.height, sent.width, sent.height));
      const mask = sent && maskChanges === 'transparent' ? await whiteWhereTransparent(sent) : sent;
      if (mask && parsed.data.mode === 'generate') throw new AppError('bad_request', editMessages.maskWhenGenerating);
      if (!chain.canEdit({ images, mask })) throw new AppError('bad_request', editMessages.maskNeeded);
      const facts = ({ path: _path, ...rest }: CheckedImage): InputFacts => rest;
      return {
        params: {
          fields: parsed.data,
          inputs: { images: images.map(facts), ...(mask ? { mask: facts(mask) } : {}) },
        },
        files: {
          ...Object.fromEntries(images.map((image, index) => [roleOf(index), image.path])),
          ...(mask ? { mask: mask.path } : {}),
        },
      };
    },

    job: {
      cost,
      async produce({ jobId, params, files, log, progress, preview }) {
        const { fields, inputs, previews } = params as EditJobParams;
        const images = inputs.images.map((image, index) => ({ ...image, path: files[roleOf(index)]! }));
        const mask = inputs.mask && files.mask ? { ...inputs.mask, path: files.mask } : undefined;
        const size = editTargetSize(fields.size, images[0]!);
        const attempts: ProviderAttempt[] = [];
        const startedAt = performance.now();
        let result;
        try {
          result = await chain.edit(
            {
              images,
              mask,
              prompt: promptWithStyle(fields.prompt, fields.style),
              size,
              quality: fields.quality,
              ...(previews === false ? {} : { preview }),
            },
            attempts,
          );
        } finally {
          // Kept whatever the outcome: a failed call may have cost the operator too.
          await recordAttempts?.(jobId, attempts).catch((error: unknown) =>
            log.error({ err: error }, 'could not record the provider calls'),
          );
        }
        await progress(80);
        const { provider, ...picture } = result;
        log.info(
          {
            provider,
            pictures: images.length,
            mask: Boolean(mask),
            calls: attempts.length,
            width: picture.width,
            height: picture.height,
            ms: Math.round(performance.now() - startedAt),
          },
          'image edited with words',
        );
        // Generated from reference pictures, it is kept (and found, and shown) as a generation.
        const generated = fields.mode === 'generate';
        return {
          kind: generated ? 'generation' : 'edit',
          prompt: fields.prompt,
          params: {
            size: fields.size,
            quality: fields.quality,
            style: fields.style,
            references: generated ? images.length : images.length - 1,
            ...(generated ? {} : { mask: Boolean(mask) }),
          },
          provider,
          ...picture,
        };
      },
      promise({ params, files }) {
        const { fields, inputs } = params as EditJobParams;
        // A new picture from references need not differ from any of them; an edit must change its picture.
        const changedFrom = fields.mode === 'generate' ? undefined : files[roleOf(0)];
        return { size: editTargetSize(fields.size, inputs.images[0]!), changedFrom };
      },
      explain(error, log) {
        if (!(error instanceof ToolProviderError)) return undefined;
        const fields = { err: error, kind: 'edit', failure: error.failure, providerStatus: error.status };
        if (error.failure === 'unavailable') log.error(fields, error.message);
        else log.warn(fields, 'edit with words failed');
        return answerFor(error);
      },
      retryable: (error) =>
        error instanceof ToolProviderError &&
        (error.failure === 'rate_limited' || error.failure === 'failed') &&
        isRetryableStatus(error.status),
    } satisfies JobKindHandler,
  };
}

export type EditService = ReturnType<typeof createEditService>;
