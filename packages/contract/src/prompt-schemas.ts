import { z } from 'zod';
import { text } from './fields.ts';
import {
  defaultQuality,
  defaultStyle,
  imageQualities,
  imageSizes,
  imageStyleIds,
  modelForSize,
  promptLimits,
} from './generation.ts';
import { generateImageRequest } from './generation-schemas.ts';

/**
 * A prompt to keep with the settings it goes with: checked as a generation of that size would be,
 * so a saved prompt always fills a form that can be sent.
 */
export const savePromptRequest = z
  .strictObject({
    prompt: text('Prompt', { max: promptLimits['dall-e-3'].max }),
    size: z.enum(imageSizes, { error: `Size must be one of ${imageSizes.join(', ')}` }),
    quality: z
      .enum(imageQualities, { error: `Quality must be one of ${imageQualities.join(', ')}` })
      .default(defaultQuality),
    style: z.enum(imageStyleIds, { error: `Style must be one of ${imageStyleIds.join(', ')}` }).default(defaultStyle),
  })
  .superRefine((body, context) => {
    const checked = generateImageRequest.safeParse({ ...body, model: modelForSize[body.size] });
    if (!checked.success)
      for (const issue of checked.error.issues)
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type SavePromptRequest = z.input<typeof savePromptRequest>;

export const savedPrompt = z.object({
  id: z.string(),
  prompt: z.string(),
  size: z.enum(imageSizes),
  quality: z.enum(imageQualities),
  style: z.enum(imageStyleIds),
  createdAt: z.string(),
});
export type SavedPrompt = z.infer<typeof savedPrompt>;

export const savedPromptResponse = z.object({ success: z.literal(true), prompt: savedPrompt });
export type SavedPromptResponse = z.infer<typeof savedPromptResponse>;
export const savedPromptsResponse = z.object({ success: z.literal(true), prompts: z.array(savedPrompt) });
export type SavedPromptsResponse = z.infer<typeof savedPromptsResponse>;
export const deleteSavedPromptResponse = z.object({ success: z.literal(true), message: z.string() });
export type DeleteSavedPromptResponse = z.infer<typeof deleteSavedPromptResponse>;
