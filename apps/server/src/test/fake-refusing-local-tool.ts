import { InputRejected, type LocalTool } from '../modules/tools/providers/local/local-tool.ts';

/** A local tool that finds nothing to work on in any picture, for the tests of what that answers (a refunded 422). */
export const run: LocalTool = async () => {
  throw new InputRejected('no subject was found in the image');
};
