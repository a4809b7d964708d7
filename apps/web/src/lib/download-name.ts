/** "A cat riding a horse!" → "a-cat-riding-a-horse.png": a file name a person recognises later. */
export function downloadName(prompt: string, fallback = 'lumigen-image'): string {
  const slug = prompt
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || fallback}.png`;
}
