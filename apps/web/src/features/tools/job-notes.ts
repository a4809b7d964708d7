import type { ImageQuality, ImageSize, ImageStyle } from '@lumigen/contract/generation';

/**
 * What this browser asked a generation for, by job id: the page that picks the job up again after
 * a reload can caption it. A job from another browser has no note and is shown without one.
 */
export type GenerationNote = { prompt: string; size: ImageSize; quality: ImageQuality; style?: ImageStyle };

const storageKey = 'lumigen.generation-notes';
const kept = 10;

function read(): Record<string, GenerationNote> {
  try {
    return JSON.parse(window.localStorage.getItem(storageKey) ?? '{}') as Record<string, GenerationNote>;
  } catch {
    return {};
  }
}

export function noteGeneration(jobId: string, note: GenerationNote): void {
  const notes = Object.entries({ ...read(), [jobId]: note }).slice(-kept);
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(notes)));
  } catch {
    // Without storage a reload shows the image without its prompt; nothing else is lost.
  }
}

export function generationNote(jobId: string): GenerationNote | undefined {
  return read()[jobId];
}
