import { acceptedImageTypes, maxUploadBytes, minImageSide } from '@lumigen/contract/tools';
import { webMessages } from '@lumigen/contract/web-messages';
import type { Size } from './proportions.ts';

/**
 * The largest size in `size`'s proportions with at most `maxMegapixels` million pixels; the size
 * itself when it already fits. Rounded down, so the server's limit is never passed by a pixel.
 */
export function fitWithin(size: Size, maxMegapixels: number): Size {
  const limit = maxMegapixels * 1_000_000;
  if (size.width * size.height <= limit) return size;
  const scale = Math.sqrt(limit / (size.width * size.height));
  let width = Math.max(1, Math.floor(size.width * scale));
  let height = Math.max(1, Math.floor(size.height * scale));
  while (width * height > limit) {
    if (width >= height) width -= 1;
    else height -= 1;
  }
  return { width, height };
}

const heic = /\.(heic|heif)$/i;

/** Why a file cannot be used at all, judged by what the browser knows before reading it; undefined: go on. */
export function refusalByType(file: File): string | undefined {
  if (file.type === 'image/heic' || file.type === 'image/heif' || heic.test(file.name)) return webMessages.heicRefused;
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return webMessages.notAPicture;
  if (file.size > maxUploadBytes) return webMessages.tooLarge(maxUploadBytes / 1024 / 1024);
  return undefined;
}

export type Fitted = { file: File; note?: string } | { refusal: string };

/**
 * A chosen picture, ready to send: refused in plain words when it is not one the tools read or is
 * too small, scaled down in the browser when it has more pixels than the tool takes (a phone's
 * 48-megapixel photo), else as it is.
 */
export async function fitPicture(file: File, maxMegapixels: number | undefined): Promise<Fitted> {
  const refusal = refusalByType(file);
  if (refusal) return { refusal };
  // A browser that cannot decode here leaves the judging to the server.
  if (typeof createImageBitmap !== 'function') return { file };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { refusal: webMessages.notAPicture };
  }
  try {
    const size = { width: bitmap.width, height: bitmap.height };
    if (size.width < minImageSide || size.height < minImageSide)
      return { refusal: webMessages.tooSmall(size.width, size.height, minImageSide) };
    if (maxMegapixels === undefined) return { file };
    const target = fitWithin(size, maxMegapixels);
    if (target === size) return { file };
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) return { refusal: webMessages.notAPicture };
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, target.width, target.height);
    // A photograph stays a JPEG (a PNG of 25 megapixels would pass the upload limit); anything else keeps its transparency as PNG.
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
    canvas.width = 0;
    canvas.height = 0;
    if (!blob) return { refusal: webMessages.notAPicture };
    const name = file.name.replace(/\.[^.]+$/, '') + (type === 'image/jpeg' ? '.jpg' : '.png');
    return { file: new File([blob], name, { type }), note: webMessages.scaledDown(size, target, maxMegapixels) };
  } finally {
    bitmap.close();
  }
}
