import lockfile from 'proper-lockfile';

/** A second process on the same embedded database would corrupt it; the lock says so in words. */
export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(
      `${dir} is in use by another Lumigen process (the lock ${dir}.lock is held). ` +
        'Stop that process first, or give this one its own DATA_DIR; several instances need PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

// The holder refreshes the lock every staleMs / 2; a lock older than staleMs was left by a process
// that died (SIGKILL, power cut), so a restart waits that long at most before taking it over.
const staleMs = 10_000;

/**
 * Takes the lock on the embedded database's directory (a `<dir>.lock` directory beside it, made
 * atomically by mkdir). Waits `waitMs` for a lock a dead process left to go stale. Resolves to its release.
 */
export async function lockDataDir(
  dir: string,
  { onCompromised, waitMs = staleMs + 2000 }: { onCompromised: (error: Error) => void; waitMs?: number },
): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dir, {
      stale: staleMs,
      retries: { retries: Math.ceil(waitMs / 500), factor: 1, minTimeout: 500, maxTimeout: 500 },
      // A refresh that came late (a blocked event loop) is worth a log line, not a crash.
      onCompromised,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dir);
    throw error;
  }
}
