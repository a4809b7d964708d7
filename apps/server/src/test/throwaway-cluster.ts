import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const versionsDir = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin directory holding initdb and pg_ctl, if any. */
export function findPostgresBin(): string | undefined {
  if (!existsSync(versionsDir)) return undefined;
  const versions = readdirSync(versionsDir).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => path.join(versionsDir, version, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl')));
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory on a free port of its own
 * (never the shared server on 5432), for tests that stop the database under the app. PostgreSQL
 * refuses to run as root: as root, the cluster belongs to the `postgres` OS user.
 */
export async function startThrowawayCluster(bin: string) {
  let port = 0;
  for (let tries = 0; tries < 20 && port === 0; tries += 1) {
    const candidate = 55_432 + Math.floor(Math.random() * 5_000);
    if (await isFree(candidate)) port = candidate;
  }
  if (port === 0) throw new Error('no free port for the throwaway cluster');

  const dir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-pgcluster-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);

  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => as('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  try {
    await as('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    await start();
  } catch (error) {
    await as('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  let running = true;

  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    /** Stops it as a crash would (`-m immediate`): connections are cut, nothing is waited for. */
    async crash(): Promise<void> {
      await as('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    async restart(): Promise<void> {
      await start();
      running = true;
    },
    /** Stops it (if running) and removes every file of it. */
    async destroy(): Promise<void> {
      if (running) await as('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

export type ThrowawayCluster = Awaited<ReturnType<typeof startThrowawayCluster>>;
