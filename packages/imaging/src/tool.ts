/**
 * What every tool of this package takes and gives. A tool is a pure function of its input, safe
 * to run inside a worker thread: no database, no request, no logger; it reads bytes and returns
 * PNG bytes. Parameter names are the editing API's field names, so a caller maps nothing.
 */
export type ToolParams = {
  'remove-background': Record<string, never>;
  'remove-text': Record<string, never>;
  cleanup: Record<string, never>;
  /** The studio light; each falls back to its default and is held within its range (studio/light.ts). */
  'product-photography': { light_theta?: number; light_phi?: number; light_size?: number; shadow_darkness?: number };
  /** The new background is painted from `prompt`; the same prompt paints the same background. */
  'replace-background': { prompt: string };
  /** Without a seed each call differs. */
  reimagine: { seed?: string | number };
  upscale: { target_width: number; target_height: number };
  /** Pixels to add (positive) or crop (negative) on each side. */
  uncrop: { extend_left?: number; extend_right?: number; extend_up?: number; extend_down?: number };
};

export type ToolName = keyof ToolParams;

export const toolNames = [
  'remove-background',
  'remove-text',
  'product-photography',
  'reimagine',
  'replace-background',
  'upscale',
  'uncrop',
  'cleanup',
] as const satisfies readonly ToolName[];

export type ToolInput<T extends ToolName = ToolName> = {
  /** PNG, JPEG or WebP, within the tool's pixel limits (the caller checks them). */
  image: Buffer;
  /** cleanup only: exactly the image's size; white (or opaque) where pixels must disappear. */
  mask?: Buffer;
  params: ToolParams[T];
};

export type ToolOutput = { png: Buffer; width: number; height: number };

export type Tool<T extends ToolName = ToolName> = (input: ToolInput<T>) => Promise<ToolOutput>;

/**
 * Thrown by a tool when the picture is one it cannot work with (no subject to cut out, no text to
 * remove, a mask that marks nothing): the user's to change, not our failure
 * (docs/decisions/012-local-tools-refuse-input.md). Its message is shown to the user: short,
 * plain, lower case. Any other error is ours.
 *
 * An error's class does not survive a worker thread's boundary, so it is recognised by `code`
 * (`isInputRejected`); the pool hands it back across the boundary and throws it again.
 */
export class InputRejected extends Error {
  readonly code = 'input_rejected';

  constructor(reason: string) {
    super(reason);
    this.name = 'InputRejected';
  }
}

export const isInputRejected = (error: unknown): error is InputRejected =>
  (error as { code?: unknown } | undefined)?.code === 'input_rejected';
