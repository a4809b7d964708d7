import { messages } from '@lumigen/contract/messages';
import { toolFields } from '@lumigen/contract/tool-schemas';
import {
  imageField,
  minImageSide,
  toolImageLimits,
  uncropMaxResultPixels,
  type AcceptedImageType,
  type ToolFields,
  type ToolId,
} from '@lumigen/contract/tools';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { sniffImageFile } from '../../lib/image-bytes.ts';
import type { CheckedImage, ToolInput } from './providers/provider.ts';
import type { ToolUpload, UploadedFile } from './tool-upload.ts';

/** `tool`: the work the limit is for, as its refusal names it (a tool, or `edit`). */
type Limits = { tool: string; maxPixels: number; fitInside: number | undefined };

/** The first problem with the text fields, naming the field (the contract's messages do). */
function parseFields(tool: ToolId, raw: Record<string, string>): ToolFields {
  const parsed = toolFields[tool].safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new AppError('bad_request', parsed.error.issues[0]?.message ?? messages.tool.malformed);
}

// Decoding never stops at a warning (many cameras write harmless ones), only at damage.
const decodeOptions = (maxPixels: number) => ({ limitInputPixels: maxPixels, failOn: 'error' as const });

/** Re-encoding keeps the upload's format (a photo as PNG could outgrow the 30 MB a provider takes). */
function encodeAs(pipeline: Sharp, type: AcceptedImageType): Sharp {
  if (type === 'image/jpeg') return pipeline.jpeg({ quality: 92 });
  if (type === 'image/webp') return pipeline.webp({ quality: 92 });
  return pipeline.png();
}

/**
 * One uploaded image, checked the cheap way first: its magic numbers, then its header (pixel
 * count against the tool's limit, so a decompression bomb is refused before a single row is
 * decoded), then one streamed decode with libvips' own pixel limit, which refuses a damaged or
 * truncated file. EXIF orientation is applied and oversized inputs are scaled down where the tool
 * asks for it (into a file beside the upload); otherwise the upload's file goes on untouched.
 */
export async function checkImage(
  { field, path, size }: UploadedFile,
  { tool, maxPixels, fitInside }: Limits,
): Promise<CheckedImage> {
  if (size === 0) throw new AppError('bad_request', messages.tool.fileEmpty(field));
  const type = await sniffImageFile(path);
  if (!type) throw new AppError('unsupported_media_type', messages.tool.notAnImage(field));
  let metadata: Metadata;
  try {
    // The header only: libvips' pixel limit would refuse a bomb here with a vaguer message.
    metadata = await sharp(path, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError('bad_request', messages.tool.unreadable(field), { cause: error });
  }
  if (!metadata.width || !metadata.height) throw new AppError('bad_request', messages.tool.unreadable(field));
  const pixels = metadata.width * metadata.height;
  if (pixels > maxPixels)
    throw new AppError('payload_too_large', messages.tool.tooManyPixels(field, pixels / 1e6, tool, maxPixels / 1e6));
  // Orientations 5–8 turn the picture a quarter: the user sees (and paints masks on) it upright.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  if (width < minImageSide || height < minImageSide)
    throw new AppError('bad_request', messages.tool.tooSmall(field, width, height, minImageSide));

  const reorient = (metadata.orientation ?? 1) !== 1;
  const shrink = fitInside !== undefined && (width > fitInside || height > fitInside);
  try {
    if (!reorient && !shrink) {
      // A decode to a thumbnail reads every row (streamed, a few MB at most) and keeps nothing.
      await sharp(path, { ...decodeOptions(maxPixels), sequentialRead: true })
        .resize(64, 64, { fit: 'inside' })
        .raw()
        .toBuffer();
      return { path, size, type, width, height };
    }
    let pipeline = sharp(path, decodeOptions(maxPixels)).rotate();
    if (shrink) pipeline = pipeline.resize(fitInside, fitInside, { fit: 'inside', withoutEnlargement: true });
    // Beside the upload, in the request's directory: deleted with it.
    const upright = `${path}.upright`;
    const info = await encodeAs(pipeline, type).toFile(upright);
    return { path: upright, size: info.size, type, width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('bad_request', messages.tool.unreadable(field), { cause: error });
  }
}

/**
 * Everything about a tool call that can be judged before it is charged: the fields against the
 * contract, the image (and cleanup's mask) against the tool's limits, and the rules between them.
 * Each failure is a 4xx naming the field; nothing here touches credits.
 */
export async function checkToolInput(tool: ToolId, upload: ToolUpload): Promise<ToolInput> {
  if (!upload.image) throw new AppError('bad_request', messages.tool.fileMissing(imageField));
  if (tool === 'cleanup' && !upload.mask) throw new AppError('bad_request', messages.tool.maskMissing);
  const fields = parseFields(tool, upload.fields);
  const { maxMegapixels, fitInside } = toolImageLimits[tool];
  const limits = { tool, maxPixels: maxMegapixels * 1e6, fitInside };
  const image = await checkImage(upload.image, limits);

  if (tool === 'uncrop') {
    const width = image.width + Number(fields.extend_left) + Number(fields.extend_right);
    const height = image.height + Number(fields.extend_up) + Number(fields.extend_down);
    if (width < minImageSide || height < minImageSide)
      throw new AppError('bad_request', messages.tool.cropTooLarge(width, height, minImageSide));
    if (width * height > uncropMaxResultPixels)
      throw new AppError('bad_request', messages.tool.uncropTooLarge(width, height, uncropMaxResultPixels));
  }

  if (!upload.mask) return { tool, image, fields };
  const mask = await checkImage({ ...upload.mask, field: 'mask' }, limits);
  if (mask.width !== image.width || mask.height !== image.height) {
    throw new AppError('bad_request', messages.tool.maskSize(image.width, image.height, mask.width, mask.height));
  }
  return { tool, image, mask, fields };
}
