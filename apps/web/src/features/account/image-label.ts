import type { ImageSummary } from '@lumigen/contract/images';
import { downloadName } from '../../lib/download-name.ts';

const kindLabels: Record<string, string> = {
  generation: 'Generated',
  'remove-background': 'Background removed',
  'remove-text': 'Text removed',
  'product-photography': 'Studio lighting',
  reimagine: 'Variant',
  'replace-background': 'New background',
  upscale: 'Upscaled',
  uncrop: 'Uncropped',
  cleanup: 'Cleaned up',
};

/** What made the image, in words ("Background removed"). */
export function kindLabel(kind: string): string {
  return kindLabels[kind] ?? kind;
}

/** How the image is named to a person: its prompt, else what made it. */
export function imageLabel(image: Pick<ImageSummary, 'kind' | 'prompt'>): string {
  return image.prompt ?? kindLabel(image.kind);
}

/** The prompt as a file name, or what made it plus the id's start, so two edits never share a name. */
export function imageFileName(image: Pick<ImageSummary, 'id' | 'kind' | 'prompt'>): string {
  return downloadName(image.prompt ?? `${kindLabel(image.kind)} ${image.id.slice(0, 8)}`);
}
