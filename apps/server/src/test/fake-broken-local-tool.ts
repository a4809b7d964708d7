import type { LocalTool } from '../modules/tools/providers/local/local-tool.ts';

/** A local tool with a bug, for the tests of what a failing tool costs (nothing) and answers (502). */
export const run: LocalTool = async () => {
  throw new Error('the fake tool broke');
};
