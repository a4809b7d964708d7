import type { LocalTool } from './local-tool.ts';

// Scaffold: replaced by the real implementation of this tool.
export const run: LocalTool = async () => {
  throw new Error('replace-background is not implemented yet');
};
