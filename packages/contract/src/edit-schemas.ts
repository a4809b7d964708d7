import { z } from 'zod';
import { editModes, editSizes } from './edit.ts';
import { text } from './fields.ts';
import {
  defaultQuality,
  defaultStyle,
  imageQualities,
  imageStyleIds,
  imageStyles,
  modelForSize,
  promptLimits,
  promptWithStyle,
} from './generation.ts';

const editMessagesSize = 'Size must be one of the generation sizes when generating from reference pictures';

const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

/**
 * The text fields of an edit (multipart, so every value arrives as a string): the prompt within
 * generation's limits (the size decides them as it decides the model; `auto` takes the larger),
 * its style's suffix included.
 */
export const editFields = z
  .strictObject({
    prompt: text('Prompt', { max: promptLimits['dall-e-3'].max }),
    size: oneOf('Size', editSizes).default('auto'),
    quality: oneOf('Quality', imageQualities).default(defaultQuality),
    style: oneOf('Style', imageStyleIds).default(defaultStyle),
    mode: oneOf('Mode', editModes).default('edit'),
  })
  .superRefine((body, context) => {
    if (body.mode === 'generate' && body.size === 'auto') {
      context.addIssue({ code: 'custom', path: ['size'], message: editMessagesSize });
      return;
    }
    const model = body.size === 'auto' ? 'dall-e-3' : modelForSize[body.size];
    const { max } = promptLimits[model];
    const asked = promptWithStyle(body.prompt, body.style).length;
    if (body.prompt.length > max) {
      context.addIssue({ code: 'custom', path: ['prompt'], message: `Prompt must be at most ${max} characters` });
    } else if (asked > max) {
      const room = max - (asked - body.prompt.length);
      context.addIssue({
        code: 'custom',
        path: ['prompt'],
        message: `Prompt must be at most ${room} characters with the ${imageStyles[body.style].label} style`,
      });
    }
  });
export type EditFields = z.output<typeof editFields>;
