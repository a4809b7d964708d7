import type { LocalTool } from './local-tool.ts';

// Scaffold: replaced by the real implementation of this tool.
export const run: LocalTool = async () => {
  throw new Error('reimagine is not implemented yet');
};
