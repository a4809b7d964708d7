import { lstatSync } from 'node:fs';
import { readFile, rm, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import lockfile from 'proper-lockfile';

/** A second process on the same embedded database would corrupt it; the lock says so in words. */
export class DataDirInUseError extends Error {
  constructor(dir: string, pid: string | undefined) {
    super(
      `${dir} is in use by another Lumigen process (pid ${pid ?? 'unknown'}), which holds the lock ${socketPath(dir)}. ` +
        'Stop that process first, or give this one its own DATA_DIR; several instances need PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

/** The lock's socket: a listening Unix socket lives exactly as long as the process that holds it. */
export function socketPath(dir: string): string {
  return `${dir}.sock`;
}

function pidPath(dir: string): string {
  return `${dir}.pid`;
}

// Unix socket paths are at most 107 bytes on Linux (sun_path); a longer DATA_DIR gets a clear refusal.
const maxSocketPath = 107;

function listen(server: net.Server, where: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(where, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * Whether a process listens on the socket. A stopped (SIGSTOP) or stalled holder still counts:
 * the kernel completes the connection into its backlog without it. Only "nobody listens"
 * (ECONNREFUSED, the file left by a process that died) or a missing file means free.
 */
function someoneListens(where: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(where);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(false);
      // A full backlog (EAGAIN) is a holder too busy or stopped to accept: alive.
      else if (error.code === 'EAGAIN') resolve(true);
      else reject(error);
    });
  });
}

/**
 * Takes the lock on the embedded database's directory: a Unix socket `<dir>.sock` this process
 * listens on until it exits (docs/decisions/048). The kernel closes it when the process dies, however
 * it dies, and keeps it open however long the process is stopped: no lease to renew. The check and
 * the takeover of a dead holder's socket file run under a short mkdir lock, so two starters cannot
 * both take a stale file. `onLost` is called if the socket stops being ours (its file removed or
 * replaced, the listener closed): the caller must stop writing. Resolves to the release.
 */
export async function lockDataDir(
  dir: string,
  { onLost }: { onLost: (error: Error) => void },
): Promise<() => Promise<void>> {
  const where = socketPath(dir);
  if (Buffer.byteLength(where) > maxSocketPath)
    throw new Error(
      `DATA_DIR is too long for its lock socket ${where} (at most ${maxSocketPath} bytes); choose a shorter path`,
    );
  const releaseTakeover = await lockfile.lock(dir, {
    stale: 10_000,
    realpath: false,
    retries: { retries: 40, factor: 1, minTimeout: 250, maxTimeout: 250 },
    // Held for milliseconds around the check; a late refresh changes nothing.
    onCompromised: () => undefined,
  });
  const server = net.createServer((connection) => connection.destroy());
  let identity: { dev: number; ino: number };
  try {
    try {
      await listen(server, where);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      if (await someoneListens(where)) {
        const pid = await readFile(pidPath(dir), 'utf8').then(
          (text) => text.trim(),
          () => undefined,
        );
        throw new DataDirInUseError(dir, pid);
      }
      // Left by a process that died: nobody listens, and the mkdir lock keeps other starters out.
      await unlink(where);
      await listen(server, where);
    }
    const stat = lstatSync(where);
    identity = { dev: stat.dev, ino: stat.ino };
    await writeFile(pidPath(dir), `${process.pid}\n`, { mode: 0o600 });
  } catch (error) {
    server.close();
    await releaseTakeover();
    throw error;
  }
  await releaseTakeover();

  let released = false;
  const lost = (why: string) => {
    if (released) return;
    released = true;
    clearInterval(watch);
    server.close();
    onLost(new Error(`the lock on ${dir} was lost: ${why}`));
  };
  // Someone removing or replacing the socket file would let a second process in: look every second.
  const watch = setInterval(() => {
    let stat;
    try {
      stat = lstatSync(where);
    } catch {
      return lost(`${where} was removed`);
    }
    if (stat.dev !== identity.dev || stat.ino !== identity.ino) lost(`${where} was replaced`);
  }, 1000);
  watch.unref();
  server.on('close', () => lost('its listener closed'));
  server.on('error', (error) => lost(error.message));
  // The lock must not keep a process alive that has nothing else to do.
  server.unref();

  return async () => {
    if (released) return;
    released = true;
    clearInterval(watch);
    await rm(pidPath(dir), { force: true });
    // Closing the listener removes its socket file.
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
