// The package's surface: the painter, one function per tool, the worker pool that runs the tools
// off the caller's event loop, and their types. Nothing here loads a model until a tool runs.
export { paint, paintPreviews, type PaintOptions, type PaintQuality } from './painter/paint.ts';
export { lightSliders } from './studio/light.ts';
export {
  InputRejected,
  isInputRejected,
  toolNames,
  type Tool,
  type ToolInput,
  type ToolName,
  type ToolOutput,
  type ToolParams,
} from './tool.ts';
export {
  cleanup,
  productPhotography,
  reimagine,
  removeBackground,
  removeText,
  replaceBackground,
  uncrop,
  upscale,
} from './tools.ts';
export {
  createToolPool,
  ToolPoolError,
  type ToolPool,
  type ToolPoolFailure,
  type ToolPoolInput,
  type ToolPoolOptions,
} from './worker/pool.ts';
// What an outside provider is sent as a mask: the text our detector finds, the subject our segmentation cuts out.
export { detectText, type TextMask } from './text-detection/detect-text.ts';
export { segment, type Cutout } from './segmentation/segment.ts';
