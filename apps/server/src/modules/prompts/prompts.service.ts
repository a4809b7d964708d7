import type { ImageQuality, ImageSize, ImageStyle } from '@lumigen/contract/generation';
import { messages } from '@lumigen/contract/messages';
import { type SavedPrompt, savedPromptMessages, savedPromptsPerUserLimit } from '@lumigen/contract/prompts';
import type { Db } from '../../db/client.ts';
import { lockUser } from '../accounts/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import * as repo from './prompts.repository.ts';

function view(row: repo.SavedPromptRow): SavedPrompt {
  return {
    id: row.id,
    prompt: row.prompt,
    size: row.size as ImageSize,
    quality: row.quality as ImageQuality,
    style: row.style as ImageStyle,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Saved prompts: a user's prompts kept with their size, quality and style, to fill the generator again. */
export function createPromptsService({ db }: { db: Db }) {
  return {
    async save(userId: string, prompt: Omit<SavedPrompt, 'id' | 'createdAt'>): Promise<SavedPrompt> {
      return db.transaction(async (tx) => {
        // Two saves at once must not both see 99: the user's row is the lock that orders them.
        await lockUser(tx, userId);
        if ((await repo.countSavedPromptsOf(tx, userId)) >= savedPromptsPerUserLimit)
          throw new AppError('conflict', savedPromptMessages.tooMany);
        return view(await repo.insertSavedPrompt(tx, { userId, ...prompt }));
      });
    },

    async list(userId: string): Promise<SavedPrompt[]> {
      return (await repo.listSavedPromptsOf(db, userId)).map(view);
    },

    /** Another user's prompt, like a missing one, is not found. */
    async delete(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.deleteOwnedSavedPrompt(db, id, userId)))
        throw new AppError('not_found', messages.notFound);
    },
  };
}

export type PromptsService = ReturnType<typeof createPromptsService>;
