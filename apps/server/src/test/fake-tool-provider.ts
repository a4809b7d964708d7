import { readFile } from 'node:fs/promises';
import { promisedToolSize, type ToolFields, type ToolId } from '@lumigen/contract/tools';
import sharp from 'sharp';
import type { HeldPngImage, PngImage } from '../lib/image-bytes.ts';
import type { CheckedImage, ToolInput, ToolProvider } from '../modules/tools/index.ts';

type Recorded = CheckedImage & { bytes: Buffer };
/** What the provider was asked, with the bytes of the files as they were then. */
export type RecordedCall = Omit<ToolInput, 'image' | 'mask'> & { image: Recorded; mask?: Recorded };

/** The size a real tool's result has: what the contract promises, else the image's own size. */
export const resultSize = (tool: ToolId, width: number, height: number, fields: ToolFields) =>
  promisedToolSize(tool, { width, height }, fields) ?? { width, height };

/** A stand-in result: the image (its bytes or its file) negated and brought to the tool's result size. */
export async function fakeEdit(tool: ToolId, image: Buffer | string, fields: ToolFields): Promise<HeldPngImage> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const size = resultSize(tool, width, height, fields);
  const png = await sharp(image)
    .negate({ alpha: false })
    .resize(size.width, size.height, { fit: 'fill' })
    .png()
    .toBuffer();
  return { png, ...size };
}

/**
 * A provider for the HTTP tests: records what it was asked and answers `fakeEdit`, or whatever
 * `behaviour` does (throw a failure, wait for a signal).
 */
export function fakeToolProvider(behaviour?: (input: ToolInput) => Promise<PngImage>) {
  const calls: RecordedCall[] = [];
  const provider: ToolProvider = {
    name: 'local',
    async run(input) {
      // The files' bytes, read now: the upload's files are deleted once the request is answered.
      const read = async (image: CheckedImage) => ({ ...image, bytes: await readFile(image.path) });
      const { mask, ...rest } = input;
      calls.push({ ...rest, image: await read(input.image), ...(mask ? { mask: await read(mask) } : {}) });
      return behaviour ? behaviour(input) : fakeEdit(input.tool, input.image.path, input.fields);
    },
  };
  return { provider, calls };
}

/** `fakeToolProvider` whose calls wait while held: `hold()` closes the gate, `release()` opens it. */
export function heldToolProvider() {
  let held = Promise.resolve();
  let open: () => void = () => undefined;
  const fake = fakeToolProvider(async (input) => {
    await held;
    return fakeEdit(input.tool, input.image.path, input.fields);
  });
  return {
    ...fake,
    hold() {
      held = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
      held = Promise.resolve();
    },
  };
}
