import { chmod, mkdir } from 'node:fs/promises';

/**
 * Makes `dir` (and any missing parent) and leaves it 0700: DATA_DIR holds the database, people's
 * pictures and mail with reset links, which no other user of the machine may read. An existing
 * directory is tightened too, as an older version left it at the umask's mode.
 */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}
