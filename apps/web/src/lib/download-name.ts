/** "A cat riding a horse!" → "a-cat-riding-a-horse": words a file name can hold. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "A cat riding a horse!" → "a-cat-riding-a-horse.png": a file name a person recognises later. */
export function downloadName(prompt: string, fallback = 'lumigen-image'): string {
  const words = slug(prompt).slice(0, 60).replace(/-+$/, '');
  return `${words || fallback}.png`;
}

const firstWords = 6;

/**
 * An exported image's file name, `<date>-<tool>-<first words of the prompt>-<short id>.png`:
 * sorted by day in a folder, saying what made it and from what, and never the same for two
 * images. `words` is the prompt, or for an edit without one the picture's own name; `date` is when
 * the image was made (UTC), now when not given.
 */
export function exportName({
  tool,
  words,
  id,
  date,
}: {
  tool: string;
  words?: string | null;
  id: string;
  date?: string | Date;
}): string {
  const day = (date === undefined ? new Date() : new Date(date)).toISOString().slice(0, 10);
  const start = slug(words ?? '')
    .split('-')
    .filter(Boolean)
    .slice(0, firstWords)
    .join('-')
    .slice(0, 48)
    .replace(/-+$/, '');
  return [day, slug(tool), start, id.replace(/-/g, '').slice(0, 8)].filter(Boolean).join('-') + '.png';
}
