import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite 0.5 starts PostgreSQL with `-F` (fsync off), and Emscripten's Node file layer answers
 * fsync and fdatasync without touching the disk: a commit was acknowledged while it sat in the
 * page cache, so a power cut could lose a credited purchase. Here PostgreSQL keeps fsync on, syncs
 * its WAL with fsync() (the call Emscripten routes to the file layer; fdatasync it drops), and the
 * file layer's fsync reaches the disk. A commit is acknowledged only after its WAL is on disk.
 * docs/decisions/025-durable-embedded-database.md.
 */
export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (module: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
        // `fs.fsyncSync` read at call time, so a test can watch it.
        module.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
          if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

/**
 * PGlite's own start parameters without `-F`, with the WAL synced by fsync(), and 16 MB of shared
 * buffers instead of PostgreSQL's 128 MB: inside WebAssembly they are resident memory the process
 * never gives back, and the embedded default's data is small (the operating system's page cache
 * still holds the files). Measured: 334 → 216 MB resident after opening a database.
 */
export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'shared_buffers=16MB',
];
