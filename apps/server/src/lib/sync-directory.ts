import { open } from 'node:fs/promises';

/**
 * Flushes a directory's entries to disk: after a rename, a power cut could otherwise leave the
 * old name (no file) while a committed row already points at the new one.
 */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
