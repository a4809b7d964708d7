import { promisedToolSize, type ToolId } from '@lumigen/contract/tools';
import sharp from 'sharp';
import type { OpenAiEditsConfig } from '../../../config.ts';
import type { PngImage } from '../../../lib/image-bytes.ts';
import type { Dimensions } from '../../generation/index.ts';
import { answerOfSize } from './answer-size.ts';
import { changeMaskOf, modelMasks, noTextFound, type ChangeMask, type MaskFinder } from './masks.ts';
import { createOpenAiEdit } from './openai-edits-client.ts';
import { ToolProviderError, type ToolProvider } from './provider.ts';

export type OpenAiEditsOptions = OpenAiEditsConfig & { masks?: MaskFinder; retryDelayMs?: number };

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
  const edit = createOpenAiEdit({ apiKey, baseUrl, model, timeoutMs, retryDelayMs });

  return {
    name: 'openai',
    async run({ tool, image, mask, fields, report, preview }): Promise<PngImage> {
      const deadline = Date.now() + timeoutMs;
      const own = { width: image.width, height: image.height };
      const promised = promisedToolSize(tool, image, fields) ?? own;
      const n = (name: string) => Number(fields[name] ?? 0);
      // The answer is read after the call, so its decoding is not timed as OpenAI's.
      const run = async ({ canvas, ...request }: Edit) =>
        answerOfSize(
          'OpenAI',
          await edit({ ...request, pictures: canvas, deadline, report, preview, answer: async (bytes) => bytes }),
          promised,
        );

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
