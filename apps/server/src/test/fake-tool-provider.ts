import type { ToolFields, ToolId } from '@lumigen/contract/tools';
import sharp from 'sharp';
import type { PngImage } from '../lib/image-bytes.ts';
import type { ToolInput, ToolProvider } from '../modules/tools/providers/provider.ts';

/**
 * The size a real tool's result has: upscale's target, uncrop's grown or cropped canvas, the
 * image's own size otherwise.
 */
export function resultSize(tool: ToolId, width: number, height: number, fields: ToolFields) {
  const n = (name: string) => Number(fields[name]);
  if (tool === 'upscale') return { width: n('target_width'), height: n('target_height') };
  if (tool === 'uncrop') return { width: width + n('extend_left') + n('extend_right'), height: height + n('extend_up') + n('extend_down') };
  return { width, height };
}

/** A stand-in result: the image negated and brought to the tool's result size. */
export async function fakeEdit(tool: ToolId, image: Buffer, fields: ToolFields): Promise<PngImage> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const size = resultSize(tool, width, height, fields);
  const png = await sharp(image).negate({ alpha: false }).resize(size.width, size.height, { fit: 'fill' }).png().toBuffer();
  return { png, ...size };
}

/**
 * A provider for the HTTP tests: records what it was asked and answers `fakeEdit`, or whatever
 * `behaviour` does (throw a failure, wait for a signal).
 */
export function fakeToolProvider(behaviour?: (input: ToolInput) => Promise<PngImage>) {
  const calls: ToolInput[] = [];
  const provider: ToolProvider = {
    name: 'local',
    async run(input) {
      // A copy: the local provider moves buffers to its threads, tests may read them later.
      calls.push({ ...input, image: { ...input.image, bytes: Buffer.from(input.image.bytes) } });
      return behaviour ? behaviour(input) : fakeEdit(input.tool, input.image.bytes, input.fields);
    },
  };
  return { provider, calls };
}
