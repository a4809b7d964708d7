import { InputRejected, type LocalTool } from '../modules/tools/providers/local/local-tool.ts';
import { fakeEdit } from './fake-tool-provider.ts';

/**
 * A local tool for the worker-pool tests, loaded by the pool exactly as the registry's tools
 * are. It behaves as `params.fake` says: `throw`, `refuse` (as a real tool that finds no subject),
 * `hang`, `spin` (burns `params.ms` of CPU first), `not-an-image`; otherwise it edits like
 * `fakeEdit` (as upscale when `target_width` is given). The real tools' algorithms are tested where
 * they are written.
 */
export const run: LocalTool = async ({ image, params }) => {
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
  }
  return fakeEdit(params.target_width === undefined ? 'remove-background' : 'upscale', image, params);
};
