import type { ToolId } from '@lumigen/contract/tools';
import type { LocalTool } from './local-tool.ts';

/** Each tool's module is loaded on first use, inside the worker that runs it (models are large). */
export const localTools: Record<ToolId, () => Promise<{ run: LocalTool }>> = {
  'remove-background': () => import('./remove-background.ts'),
  'product-photography': () => import('./product-photography.ts'),
  'replace-background': () => import('./replace-background.ts'),
  'remove-text': () => import('./remove-text.ts'),
  reimagine: () => import('./reimagine.ts'),
  upscale: () => import('./upscale.ts'),
  uncrop: () => import('./uncrop.ts'),
  cleanup: () => import('./cleanup.ts'),
};
