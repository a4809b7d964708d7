import type { Readable } from 'node:stream';
import type { ZipArchive } from 'archiver';

/**
 * True once the archive has written the entry `name` (and so let go of its bytes), false when the
 * archive ended first (the download was abandoned).
 */
function entryWritten(archive: ZipArchive, name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const onEntry = (entry: { name: string }) => entry.name === name && done(true);
    const onEnd = () => done(false);
    const done = (written: boolean) => {
      archive.off('entry', onEntry).off('close', onEnd).off('error', onEnd);
      resolve(written);
    };
    archive.on('entry', onEntry).once('close', onEnd).once('error', onEnd);
  });
}

/** A new ZIP archive. archiver, some 20 MB of resident memory, is loaded on the first download (decision 030). */
export async function newZipArchive(): Promise<ZipArchive> {
  const { ZipArchive } = await import('archiver');
  return new ZipArchive({ zlib: { level: 6 } });
}

/** A stored image to put in a ZIP under `name`, opened only when its turn comes. */
export type ZipImage = { name: string; open(): Promise<{ stream: Readable } | undefined> };

/**
 * Appends the images one at a time, each after the last was written, then finalizes the archive
 * (in the background: the caller sends the archive meanwhile). Memory holds a chunk, not every
 * image's open stream, and a slow download holds back the reading. An image whose bytes are gone
 * is skipped (`onMissing`); a failure destroys the archive, which ends the download.
 */
export function appendImagesInTurn(
  archive: ZipArchive,
  images: ZipImage[],
  onMissing: (image: ZipImage) => void,
): void {
  void (async () => {
    for (const image of images) {
      const stored = await image.open();
      if (!stored) {
        onMissing(image);
        continue;
      }
      const written = entryWritten(archive, image.name);
      // PNG is compressed already: stored as it is.
      archive.append(stored.stream, { name: image.name, store: true });
      if (!(await written)) return;
    }
    await archive.finalize();
  })().catch((error: unknown) => archive.destroy(error as Error));
}
