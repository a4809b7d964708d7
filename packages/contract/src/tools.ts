// The schemas that judge a tool call (its fields, its answer) are in tool-schemas.ts: zod stays out
// of the pages that need only these names, ranges and texts (decision 032).
export type { ToolResponse } from './tool-schemas.ts';

/**
 * The editing tools: their Clipdrop endpoint names (docs/product.md §7), their parameters with docs/product.md §5's
 * ranges and defaults, and their upload limits. The server validates against these; the pages
 * draw their sliders from them.
 */
export const toolIds = [
  'remove-background',
  'remove-text',
  'product-photography',
  'reimagine',
  'replace-background',
  'upscale',
  'uncrop',
  'cleanup',
] as const;
export type ToolId = (typeof toolIds)[number];

/**
 * docs/product.md §7: each tool's Clipdrop endpoint. Our server calls them there, and answers them
 * itself under `/clipdrop` (docs/product.md, developer API), so code written for Clipdrop runs here by its base URL.
 */
export const clipdropPaths: Record<ToolId, string> = {
  'remove-background': '/remove-background/v1',
  'product-photography': '/product-photography/v1',
  'replace-background': '/replace-background/v1',
  reimagine: '/reimagine/v1/reimagine',
  upscale: '/image-upscaling/v1/upscale',
  uncrop: '/uncrop/v1',
  cleanup: '/cleanup/v1',
  'remove-text': '/remove-text/v1',
};

export type SliderSpec = {
  name: string;
  label: string;
  min: number;
  max: number;
  step: number;
  default: number;
  unit?: string;
};

export const toolSliders = {
  'product-photography': [
    { name: 'light_theta', label: 'Light angle', min: 0, max: 45, step: 1, default: 20, unit: '°' },
    { name: 'light_phi', label: 'Light around object', min: 0, max: 359, step: 1, default: 0, unit: '°' },
    { name: 'light_size', label: 'Shadow softness', min: 1, max: 8, step: 0.1, default: 1.7 },
    { name: 'shadow_darkness', label: 'Shadow intensity', min: 0, max: 2, step: 0.1, default: 0.7 },
  ],
  upscale: [
    { name: 'target_width', label: 'Width', min: 1, max: 4096, step: 1, default: 1024, unit: 'px' },
    { name: 'target_height', label: 'Height', min: 1, max: 4096, step: 1, default: 1024, unit: 'px' },
  ],
  uncrop: [
    { name: 'extend_left', label: 'Extend left', min: -2000, max: 2000, step: 1, default: 50, unit: 'px' },
    { name: 'extend_right', label: 'Extend right', min: -2000, max: 2000, step: 1, default: 50, unit: 'px' },
    { name: 'extend_up', label: 'Extend up', min: -2000, max: 2000, step: 1, default: 50, unit: 'px' },
    { name: 'extend_down', label: 'Extend down', min: -2000, max: 2000, step: 1, default: 50, unit: 'px' },
  ],
} as const satisfies Partial<Record<ToolId, readonly SliderSpec[]>>;

/** Uploads: at most this many bytes, sniffed as PNG, JPEG or WebP. */
export const maxUploadBytes = 30 * 1024 * 1024;
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AcceptedImageType = (typeof acceptedImageTypes)[number];
export const replaceBackgroundPromptLimit = 1000;

/** Every side of an uploaded image, and of an uncropped result, has at least this many pixels. */
export const minImageSide = 16;

/**
 * What each tool accepts (Clipdrop's documented limits, kept for the local tools too): at most
 * `maxMegapixels` million pixels, refused beyond; `fitInside`: larger inputs are scaled down to
 * fit a square of that side rather than refused.
 */
export const toolImageLimits: Record<ToolId, { maxMegapixels: number; fitInside?: number }> = {
  'remove-background': { maxMegapixels: 25 },
  'remove-text': { maxMegapixels: 25 },
  'product-photography': { maxMegapixels: 25 },
  reimagine: { maxMegapixels: 25, fitInside: 1024 },
  'replace-background': { maxMegapixels: 25, fitInside: 2048 },
  upscale: { maxMegapixels: 16 },
  uncrop: { maxMegapixels: 10 },
  cleanup: { maxMegapixels: 16 },
};

/**
 * Uncrop's result has at most this many pixels. Clipdrop documents 10 MP in and 2000 px per side,
 * but no limit on the result, and those allow a 70 MP canvas (10000×1000 grown 2000 px each
 * way); this is the largest result any other tool answers (upscale's 4096×4096).
 */
export const uncropMaxResultPixels = 4096 * 4096;

/** The multipart file fields: the image, and cleanup's mask (`mask_file` is Clipdrop's own name). */
export const imageField = 'image_file';
export const maskFields = ['mask', 'mask_file'] as const;

export const cleanupModes = ['fast', 'quality'] as const;

/** A tool's text fields once parsed (tool-schemas.ts): numbers for the sliders, strings otherwise. */
export type ToolFields = Record<string, number | string>;

/**
 * What each tool's result promises, checked after every provider answer (decision 029: unusable output
 * is never charged). `size`: `input` keeps the (fitted) input's size, `target` is upscale's
 * target_width × target_height, `extended` is uncrop's canvas; `free` promises none (Clipdrop's
 * reimagine, replace-background and product-photography may answer another size).
 * `mustChange`: answering the input unchanged is a failure. Tools whose right answer can be the
 * input itself (remove-text on a picture without text, cleanup over a flat area, upscale or uncrop
 * to the same size) are not held to it; a tool that changes the size is caught by `size` instead.
 */
export const toolOutputs: Record<ToolId, { size: 'input' | 'target' | 'extended' | 'free'; mustChange: boolean }> = {
  'remove-background': { size: 'input', mustChange: true },
  'remove-text': { size: 'input', mustChange: false },
  'product-photography': { size: 'free', mustChange: true },
  reimagine: { size: 'free', mustChange: true },
  'replace-background': { size: 'free', mustChange: true },
  upscale: { size: 'target', mustChange: false },
  uncrop: { size: 'extended', mustChange: false },
  cleanup: { size: 'input', mustChange: false },
};

/** The size a tool's result must have for this input and these (parsed) fields; undefined: no promise. */
export function promisedToolSize(
  tool: ToolId,
  input: { width: number; height: number },
  fields: ToolFields,
): { width: number; height: number } | undefined {
  const n = (name: string) => Number(fields[name]);
  switch (toolOutputs[tool].size) {
    case 'input':
      return { width: input.width, height: input.height };
    case 'target':
      return { width: n('target_width'), height: n('target_height') };
    case 'extended':
      return {
        width: input.width + n('extend_left') + n('extend_right'),
        height: input.height + n('extend_up') + n('extend_down'),
      };
    case 'free':
      return undefined;
  }
}

/**
 * Who edits the images: this server's own tools ('local processing'), or an outside service
 * (Clipdrop, Stability AI's v2beta edit endpoints, OpenAI's image edits), tried in a chain per
 * tool (docs/decisions/050-provider-chains-and-failover.md).
 */
export const toolProviders = ['local', 'clipdrop', 'stability', 'openai'] as const;
export type ToolProviderName = (typeof toolProviders)[number];

/** The tools each provider offers; a chain skips a provider for a tool it does not offer. */
export const toolsOffered: Record<ToolProviderName, readonly ToolId[]> = {
  local: toolIds,
  clipdrop: toolIds,
  stability: toolIds,
  // OpenAI's /v1/images/edits repaints under a mask; it has no cut-out, relighting or upscaler.
  openai: ['cleanup', 'uncrop', 'replace-background', 'reimagine', 'remove-text'],
};

/** With no TOOLS_PROVIDER: every provider whose key is set, in this order, then the local tools. */
export const defaultToolProviderOrder: readonly ToolProviderName[] = ['clipdrop', 'stability', 'openai', 'local'];

/** The client-side texts of docs/product.md §5 (the server answers its own 4xx messages). */
export const toolMessages = {
  noImage: 'Please upload an image',
  insufficientShort: 'insufficient',
  failed: (reason: string) => `Image edit failed: ${reason}`,
  /** Cleanup: neither a painted mask nor a mask file. */
  noMask: 'Please paint over what should disappear, or upload a mask file',
  /** docs/product.md §5: the /test page, without a file or without a prompt. */
  testIncomplete: 'Please select an image and enter a prompt.',
  /** A tool page whose text field is empty, naming the field ('the new background'). */
  describe: (field: string) => `Please describe the ${field.toLowerCase()}`,
  signInToRun: (cost: string) => `Please log in to run this tool; it uses ${cost} from your account.`,
} as const;
