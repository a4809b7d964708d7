import type { ZipArchive } from 'archiver';

/**
 * True once the archive has written the entry `name` (and so let go of its bytes), false when the
 * archive ended first (the download was abandoned). Appending one stream at a time, after the
 * last one was written, keeps one image's chunk in memory instead of every image's open stream.
 */
export function entryWritten(archive: ZipArchive, name: string): Promise<boolean> {
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
