import type { ImageSummary } from '@lumigen/contract/images';
import { exportName } from '../../lib/download-name.ts';
import { catalogueEntry } from '../../lib/tool-catalogue.ts';

/** What made the image, in words ("Background removed"), from the catalogue. */
export function kindLabel(kind: string): string {
  return catalogueEntry(kind)?.done ?? kind;
}

/** How the image is named to a person: its prompt, else what made it. */
export function imageLabel(image: Pick<ImageSummary, 'kind' | 'prompt'>): string {
  return image.prompt ?? kindLabel(image.kind);
}

/** The exported file's name: the day it was made, the tool, the prompt's first words, the id's start. */
export function imageFileName(image: Pick<ImageSummary, 'id' | 'kind' | 'prompt'> & { createdAt?: string }): string {
  return exportName({ tool: image.kind, words: image.prompt, id: image.id, date: image.createdAt });
}
