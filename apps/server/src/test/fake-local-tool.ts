import type { ToolId } from '@lumigen/contract/tools';
import type { ToolOutput } from '@lumigen/imaging';
import { fakeEdit } from './fake-tool-provider.ts';

/**
 * A tool of `@lumigen/imaging`'s pool for the provider's and the routes' tests, loaded by the pool
 * exactly as the package's tools are: it edits like `fakeEdit` (as upscale when `target_width` is
 * given), or answers bytes that are no image when `params.fake` is `not-an-image`. The pool's own
 * behaviour (failures, timeouts, a full queue) is tested in the package.
 */
export async function run({
  image,
  params,
}: {
  image: Buffer;
  params: Record<string, number | string>;
}): Promise<ToolOutput> {
  if (params.fake === 'not-an-image') return { png: Buffer.from('certainly not a PNG'), width: 1, height: 1 };
  const tool: ToolId = params.target_width === undefined ? 'remove-background' : 'upscale';
  return fakeEdit(tool, image, params);
}
