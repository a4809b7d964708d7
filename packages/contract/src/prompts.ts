// The schemas of the saved-prompt calls are in prompt-schemas.ts: zod stays out of the pages that
// need only this limit and these texts (decision 032).
export type {
  DeleteSavedPromptResponse,
  SavePromptRequest,
  SavedPrompt,
  SavedPromptResponse,
  SavedPromptsResponse,
} from './prompt-schemas.ts';

/** A user keeps at most this many prompts; past it, saving answers 409 until one is deleted. */
export const savedPromptsPerUserLimit = 100;

export const savedPromptMessages = {
  deleted: 'Prompt deleted',
  tooMany: `You can keep at most ${savedPromptsPerUserLimit} saved prompts: delete one first`,
} as const;
