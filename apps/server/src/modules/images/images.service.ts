import { randomUUID } from 'node:crypto';
import { imageMessages, searchWordsLimit, type ImagesListQuery } from '@lumigen/contract/images';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pngByteSize, type PngFile } from '../../lib/image-bytes.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ImageStore, StoredObject } from './image-store.ts';
import * as repo from './images.repository.ts';

export type NewImage = {
  userId: string;
  /** 'generation', or the editing tool that made it. */
  kind: string;
  prompt?: string;
  params: Record<string, unknown>;
  provider: string;
  /** Its bytes, or the file a large answer was written to (see `heldPngBytes`). */
  png: Buffer | PngFile;
  width: number;
  height: number;
};

/**
 * The settings that made an image, as its page sends them: the stored parameters (sliders, mode;
 * a generation's model, size, quality) and the prompt of a generation or a replace-background.
 */
function settingsOf(
  kind: string,
  prompt: string | null,
  params: Record<string, unknown>,
): Record<string, string | number> {
  const settings: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params))
    if (typeof value === 'string' || typeof value === 'number') settings[name] = value;
  if ((kind === 'generation' || kind === 'replace-background') && prompt) settings.prompt = prompt;
  return settings;
}

/**
 * The words of a search as the index holds them: lower case, letters and digits only (a tool's
 * name like "remove-background" is split as the index splits it), at most `searchWordsLimit`.
 */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, searchWordsLimit);
}

/** A cursor is opaque to clients: the last image's time and id, base64url. */
function encodeCursor(cursor: repo.ImagesCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** A timestamptz as PostgreSQL writes it in ISO style, to the microsecond. */
const cursorTime = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function decodeCursor(text: string): repo.ImagesCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && cursorTime.test(createdAt) && typeof id === 'string' && isUuid(id))
      return { createdAt, id };
  } catch {
    // Falls through to the same refusal as a well-formed cursor of nothing.
  }
  throw new AppError('bad_request', imageMessages.badCursor);
}

export type StoredBytes = { id: string; storageKey: string; byteSize: number };

/** Every image result, generated or edited: bytes to the store, a row to the database. */
export function createImagesService(db: Db, store: ImageStore) {
  return {
    /**
     * Stores the bytes of an image that has no row yet; `insertStored` writes the row, in the
     * transaction that pays for it. Until then the file is nobody's: a crash in between leaves
     * a file without a row, never a row without a charge.
     */
    async storeBytes(png: NewImage['png']): Promise<StoredBytes> {
      const id = randomUUID();
      const storageKey = `${id}.png`;
      await (Buffer.isBuffer(png) ? store.put(storageKey, png) : store.putFile(storageKey, png.path));
      return { id, storageKey, byteSize: pngByteSize(png) };
    },

    /** The row of stored bytes, inside the caller's transaction. */
    insertStored(ex: Executor, { png: _png, ...image }: NewImage, stored: StoredBytes): Promise<repo.ImageRow> {
      return repo.insertImage(ex, { ...stored, ...image, prompt: image.prompt ?? null });
    },

    /**
     * The owner deletes an image: row first (from then on it is gone for every reader), then the
     * bytes. False when the user owns no such image.
     */
    async deleteOwned(id: string, userId: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      // The job that made it keeps no prompt of an image its owner deleted (docs/product.md, privacy).
      const storageKey = await db.transaction(async (tx) => {
        await repo.forgetPromptOfImage(tx, id, userId);
        return repo.deleteOwnedImage(tx, id, userId);
      });
      if (!storageKey) return false;
      await store.delete(storageKey);
      return true;
    },

    /**
     * Deletes every image row of a user inside the caller's transaction (an account deletion);
     * call `removeStored` with the keys once it has committed.
     */
    forgetAllOwned(ex: Executor, userId: string): Promise<string[]> {
      return repo.deleteImagesOf(ex, userId);
    },

    /**
     * Removes stored files no image row owns that were written more than `olderThanMs` ago (the
     * reservation timeout: no attempt can still commit them). How many went.
     */
    async sweepUnowned(olderThanMs: number): Promise<number> {
      let removed = 0;
      const sweep = async (keys: string[]) => {
        const owned = await repo.ownedStorageKeys(db, keys);
        for (const key of keys.filter((candidate) => !owned.has(candidate))) {
          await store.delete(key);
          removed += 1;
        }
      };
      let keys: string[] = [];
      for await (const key of store.keysWrittenBefore(new Date(Date.now() - olderThanMs))) {
        keys.push(key);
        if (keys.length === 500) {
          await sweep(keys);
          keys = [];
        }
      }
      await sweep(keys);
      return removed;
    },

    /** Removes stored bytes whose rows are gone. */
    async removeStored(storageKeys: string[]): Promise<void> {
      for (const key of storageKeys) await store.delete(key);
    },

    /** Every image of a user, oldest first, each with a way to open its bytes (an export streams them one at a time). */
    async listAllOwned(userId: string) {
      const found = await repo.listAllOwnedImages(db, userId);
      return found.map(({ storageKey, ...image }) => ({
        ...image,
        createdAt: image.createdAt.toISOString(),
        open: () => store.getStream(storageKey),
      }));
    },

    /** The user's newest images, as the gallery lists them, each with what "Use again" needs. */
    async listOwned(userId: string, query: ImagesListQuery) {
      const { limit } = query;
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const words = query.q === undefined ? [] : searchWords(query.q);
      // One more than asked tells whether an older page exists.
      const found = await repo.listOwnedImages(db, userId, limit + 1, { words, kind: query.kind, after });
      const page = found.slice(0, limit);
      const recipes = await repo.recipesOfImages(
        db,
        userId,
        page.map((row) => row.id),
      );
      const last = page.at(-1);
      return {
        images: page.map(({ params, cursorTime: _cursorTime, ...row }) => ({
          ...row,
          settings: settingsOf(row.kind, row.prompt, params),
          recipeId: recipes.get(row.id) ?? null,
          style: typeof params.style === 'string' ? params.style : null,
          createdAt: row.createdAt.toISOString(),
        })),
        nextCursor: found.length > limit && last ? encodeCursor({ createdAt: last.cursorTime, id: last.id }) : null,
      };
    },

    /**
     * The owner's image with a stream of its bytes, which the caller sends or destroys; undefined
     * for a stranger, a bad id or missing bytes.
     */
    async openOwned(id: string, userId: string): Promise<({ image: repo.ImageRow } & StoredObject) | undefined> {
      if (!isUuid(id)) return undefined;
      const image = await repo.findOwnedImage(db, id, userId);
      const stored = image && (await store.getStream(image.storageKey));
      return image && stored ? { image, ...stored } : undefined;
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
