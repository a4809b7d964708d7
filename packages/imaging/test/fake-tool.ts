import sharp from 'sharp';
import { InputRejected, type ToolOutput } from '../src/tool.ts';

/**
 * A tool for the worker-pool tests, loaded by the pool exactly as the package's tools are. It
 * behaves as `params.fake` says: `throw`, `refuse` (as a real tool that finds no subject), `hang`,
 * `spin` (burns `params.ms` of CPU first), `not-an-image`; otherwise it answers the image negated,
 * at `target_width` × `target_height` when given. The real tools are tested where they are written.
 */
export async function run({
  image,
  params,
}: {
  image: Buffer;
  params: Record<string, number | string>;
}): Promise<ToolOutput> {
  switch (params.fake) {
    case 'throw':
      throw new Error('the fake tool broke');
    case 'refuse':
      throw new InputRejected('no subject was found in the image');
    case 'hang':
      return new Promise(() => undefined);
    case 'not-an-image':
      return { png: Buffer.from('certainly not a PNG'), width: 1, height: 1 };
    case 'spin': {
      const until = Date.now() + Number(params.ms ?? 500);
      while (Date.now() < until);
      break;
    }
    default:
      break;
  }
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const size =
    params.target_width === undefined
      ? { width, height }
      : { width: Number(params.target_width), height: Number(params.target_height) };
  const png = await sharp(image)
    .negate({ alpha: false })
    .resize(size.width, size.height, { fit: 'fill' })
    .png()
    .toBuffer();
  return { png, ...size };
}
