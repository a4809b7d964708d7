import { deflateSync } from 'node:zlib';
import { toolSliders, type ToolId } from '@lumigen/contract/tools';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { picture } from './pictures.ts';

/** A file part: bytes, and what the client claims about them (the server believes only the bytes). */
export type FilePart = { bytes: Buffer; filename?: string; type?: string };
export type Part = [name: string, value: string | FilePart];

/** A multipart body exactly as a browser's FormData sends it (boundary and all). */
export async function multipartBody(parts: Part[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([value.bytes as Uint8Array<ArrayBuffer>], { type: value.type ?? 'application/octet-stream' }),
        value.filename ?? 'upload.bin',
      );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

export async function callTool(app: FastifyInstance, token: string | undefined, tool: string, parts: Part[]) {
  const { payload, contentType } = await multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: `/api/image/tools/${tool}`,
    headers: { ...(token ? { token } : {}), 'content-type': contentType },
    payload,
  });
}

/** Photographs (see `picture`) in each accepted format, in a colour of their own. */
export const pngOf = (width: number, height: number, colour = '#3a6ea5') =>
  picture(width, height, colour).png().toBuffer();
export const jpegOf = (width: number, height: number, colour = '#a5563a') =>
  picture(width, height, colour).jpeg().toBuffer();
export const webpOf = (width: number, height: number, colour = '#3aa56e') =>
  picture(width, height, colour).webp().toBuffer();
/** A cleanup mask: white everywhere (every pixel to disappear), as PNG or JPEG. */
export const maskOf = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    [format]()
    .toBuffer();

export const imagePart = (bytes: Buffer, filename = 'photo.png', type = 'image/png'): Part => [
  'image_file',
  { bytes, filename, type },
];
export const maskPart = (bytes: Buffer, filename = 'mask.png', type = 'image/png'): Part => [
  'mask',
  { bytes, filename, type },
];

/** Each tool's text fields as the web app sends them: every slider at its default, a prompt. */
export function defaultFields(tool: ToolId): Part[] {
  if (tool === 'replace-background') return [['prompt', 'a sunlit marble kitchen counter']];
  const sliders = tool in toolSliders ? toolSliders[tool as keyof typeof toolSliders] : [];
  return sliders.map((slider): Part => [slider.name, String(slider.default)]);
}

let bomb: Buffer | undefined;
/**
 * A valid 20000×20000 one-bit greyscale PNG of some 50 kB: 400 megapixels, 1.6 GB as RGBA once
 * decoded. Written by hand (signature, IHDR, one deflated IDAT, IEND), since libvips would take
 * far too long to make it.
 */
export function pngBomb(side = 20_000): Buffer {
  if (bomb && side === 20_000) return bomb;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // Every row: filter byte 0, then side/8 bytes of black.
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  if (side === 20_000) bomb = png;
  return png;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The PNG inside a tool's answer, with its size. */
export async function decodeAnswer(image: string) {
  const prefix = 'data:image/png;base64,';
  if (!image.startsWith(prefix)) throw new Error(`not a PNG data URL: ${image.slice(0, 40)}`);
  const png = Buffer.from(image.slice(prefix.length), 'base64');
  const { format, width, height } = await sharp(png).metadata();
  return { png, format, width, height };
}
