import sharp, { type Sharp } from 'sharp';

/**
 * A stand-in photograph: a diagonal gradient from `colour` to a warm white with a darker disc in
 * the middle. Fakes answer pictures like this, not flat fills: a provider's flat, black or blank
 * answer is refused as unusable and refunded (`jobs/usable-output.ts`), as it should be.
 */
export function picture(width: number, height: number, colour = '#3a6ea5'): Sharp {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#f4efe6"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="25%" fill="#1d2733" fill-opacity="0.55"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** `picture` as PNG bytes. */
export const picturePng = (width: number, height: number, colour?: string): Promise<Buffer> =>
  picture(width, height, colour).png().toBuffer();
