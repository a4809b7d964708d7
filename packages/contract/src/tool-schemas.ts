import { z } from 'zod';
import { text } from './fields.ts';
import { messages } from './messages.ts';
import { cleanupModes, replaceBackgroundPromptLimit, toolSliders, type SliderSpec, type ToolId } from './tools.ts';

/**
 * A slider sent as a multipart field: a decimal number inside the slider's range, a whole number
 * when the slider moves in whole steps. Absent: the slider's default (docs/product.md's pages always send
 * every slider; a script need not). Messages name the field as the page labels it and as it is sent.
 */
function sliderField({ name, label, min, max, step, default: fallback }: SliderSpec) {
  const named = `${label} (${name})`;
  return z
    .union([z.string(), z.number()], { error: `${named} must be a number` })
    .optional()
    .transform((raw, context) => {
      if (raw === undefined) return fallback;
      const value =
        typeof raw === 'number' ? raw : /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(raw) ? Number(raw) : Number.NaN;
      const problem = !Number.isFinite(value)
        ? `${named} must be a number`
        : Number.isInteger(step) && !Number.isInteger(value)
          ? `${named} must be a whole number`
          : value < min || value > max
            ? `${named} must be between ${min} and ${max}`
            : undefined;
      if (problem === undefined) return value;
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    });
}

const slidersShape = (sliders: readonly SliderSpec[]) =>
  Object.fromEntries(sliders.map((slider) => [slider.name, sliderField(slider)]));

/** A tool's fields: exactly these, any other refused by name. */
const fieldsOf = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? messages.tool.unknownField(issue.keys.join(', ')) : undefined,
  });

/**
 * Each tool's text fields, as multipart sends them (strings); parsed values are numbers for the
 * sliders. Any other field is refused by name.
 */
export const toolFields = {
  'remove-background': fieldsOf({}),
  'remove-text': fieldsOf({}),
  reimagine: fieldsOf({}),
  'product-photography': fieldsOf(slidersShape(toolSliders['product-photography'])),
  upscale: fieldsOf(slidersShape(toolSliders.upscale)),
  uncrop: fieldsOf(slidersShape(toolSliders.uncrop)),
  'replace-background': fieldsOf({ prompt: text('Prompt', { max: replaceBackgroundPromptLimit }) }),
  // Clipdrop's own field: 'quality' unless a caller asks for the faster pass.
  cleanup: fieldsOf({
    mode: z.enum(cleanupModes, { error: `Mode (mode) must be one of ${cleanupModes.join(', ')}` }).default('quality'),
  }),
} satisfies Record<ToolId, z.ZodType<Record<string, number | string>>>;

export const toolResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  image: z.string().startsWith('data:image/png;base64,'),
  creditBalance: z.number().int(),
  imageId: z.uuid(),
});
export type ToolResponse = z.infer<typeof toolResponse>;
