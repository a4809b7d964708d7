import type { Tool, ToolInput, ToolName, ToolOutput } from './tool.ts';

/** Each tool's module is loaded on first use (models and their runtimes are large). */
export const toolModules: { [T in ToolName]: () => Promise<{ run: Tool<T> }> } = {
  'remove-background': () => import('./tools/remove-background.ts'),
  'product-photography': () => import('./tools/product-photography.ts'),
  'replace-background': () => import('./tools/replace-background.ts'),
  'remove-text': () => import('./tools/remove-text.ts'),
  reimagine: () => import('./tools/reimagine.ts'),
  upscale: () => import('./tools/upscale.ts'),
  uncrop: () => import('./tools/uncrop.ts'),
  cleanup: () => import('./tools/cleanup.ts'),
};

async function runTool<T extends ToolName>(name: T, input: ToolInput<T>): Promise<ToolOutput> {
  const { run } = (await toolModules[name]()) as { run: Tool<T> };
  return run(input);
}

// One function per tool, on the calling thread. The model tools hold it for seconds: a server
// runs them on `createToolPool` instead.

/** The main subject on transparency; refuses a picture with no subject. */
export const removeBackground = (input: ToolInput<'remove-background'>) => runTool('remove-background', input);
/** The subject on a studio sweep, lit and casting a shadow as the sliders say; refuses a picture with no subject. */
export const productPhotography = (input: ToolInput<'product-photography'>) => runTool('product-photography', input);
/** The subject over a background painted from the prompt; refuses a picture with no subject. */
export const replaceBackground = (input: ToolInput<'replace-background'>) => runTool('replace-background', input);
/** Every line of text found and filled with what surrounds it; refuses a picture without text. */
export const removeText = (input: ToolInput<'remove-text'>) => runTool('remove-text', input);
/** A new picture with the same composition and palette. */
export const reimagine = (input: ToolInput<'reimagine'>) => runTool('reimagine', input);
/** Exactly `target_width` × `target_height`. */
export const upscale = (input: ToolInput<'upscale'>) => runTool('upscale', input);
/** Extended (or cropped) on each side, the new pixels continuing the picture. */
export const uncrop = (input: ToolInput<'uncrop'>) => runTool('uncrop', input);
/** The mask's pixels rebuilt from the picture's own texture; refuses a mask that marks nothing or everything. */
export const cleanup = (input: ToolInput<'cleanup'>) => runTool('cleanup', input);
