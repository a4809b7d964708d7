import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCreditsService } from '../modules/credits/index.ts';
import { ledgerState } from '../test/harness.ts';
import { spawnEntry, type SpawnedProcess } from '../test/spawned-process.ts';
import { openDatabase, rows } from './client.ts';
import { users } from './schema.ts';

/** What the embedded database (PGlite in DATA_DIR) guarantees: docs/decisions/025. */
const ledgerWriter = path.join(import.meta.dirname, '../test/ledger-writer.ts');

describe('the embedded database on disk', () => {
  let dataDir: string;
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('acknowledges a commit only after fsync has reached the disk', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-durable-'));
    const database = await openDatabase({ dataDir });
    try {
      const [user] = await database.db
        .insert(users)
        .values({ name: 'A', email: 'a@lumigen.example', passwordHash: 'x' })
        .returning({ id: users.id });
      const fsync = vi.spyOn(fs, 'fsyncSync');
      await createCreditsService(database.db).grant(user!.id, 3, 'adjustment', 'durable-1');
      // PGlite's default (`-F`, and a file layer whose fsync does nothing) makes no call at all.
      expect(fsync).toHaveBeenCalled();
    } finally {
      await database.close();
    }
  });

  it('loses no acknowledged ledger row when the process is SIGKILLed mid-write', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-durable-'));
    const writer = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../test/ledger-writer.ts'), dataDir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let errors = '';
    writer.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    writer.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = once(writer, 'exit');
    // Killed while it is writing: after at least 30 acknowledged grants, at no chosen point.
    for (let i = 0; i < 1200 && (output.match(/^grant-/gm) ?? []).length < 30; i += 1) {
      expect(writer.exitCode, errors).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    writer.kill('SIGKILL');
    await exited;

    const userId = /^user (\S+)$/m.exec(output)?.[1];
    const acknowledged = output.match(/^grant-\d+$/gm) ?? [];
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    // The kernel freed the dead writer's lock; this open recovers the WAL and finds every row.
    const database = await openDatabase({ dataDir });
    try {
      const stored = await rows<{ ref: string }>(
        database.db,
        sql`SELECT ref FROM credit_ledger WHERE user_id = ${userId}`,
      );
      const refs = new Set(stored.map((row) => row.ref));
      expect(acknowledged.filter((ref) => !refs.has(ref))).toEqual([]);
      const state = await ledgerState(database, userId!);
      expect(state.balance).toBe(state.ledgerSum);
      expect(state.ledgerRows).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await database.close();
    }
  });

  it('refuses a second process while the holder is stopped (SIGSTOP) for 30 s, naming its pid; starts once the holder is killed', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-durable-'));
    const first = spawnEntry(ledgerWriter, { DATA_DIR: dataDir });
    const second: SpawnedProcess[] = [];
    try {
      await first.waitFor(/^grant-3$/m, 120_000);
      first.child.kill('SIGSTOP');
      // Three times as long as any lease the holder would have to renew.
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      const refused = spawnEntry(ledgerWriter, { DATA_DIR: dataDir });
      second.push(refused);
      const [code] = (await once(refused.child, 'exit')) as [number | null];
      expect(code, refused.output()).not.toBe(0);
      expect(refused.output()).toContain(
        `${path.join(dataDir, 'pglite')} is in use by another Lumigen process (pid ${first.child.pid})`,
      );
      expect(refused.output()).not.toMatch(/^user /m);

      await first.kill('SIGKILL');
      const next = spawnEntry(ledgerWriter, { DATA_DIR: dataDir });
      second.push(next);
      await next.waitFor(/^grant-0$/m, 120_000);
    } finally {
      await first.kill('SIGKILL');
      for (const process of second) await process.kill('SIGKILL');
    }
  }, 300_000);

  it('stops writing and exits non-zero when its lock is taken away', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-durable-'));
    const writer = spawnEntry(ledgerWriter, { DATA_DIR: dataDir });
    try {
      await writer.waitFor(/^grant-3$/m, 120_000);
      await rm(`${path.join(dataDir, 'pglite')}.sock`);
      const [code] = (await once(writer.child, 'exit')) as [number | null];
      expect(code, writer.output()).not.toBe(0);
      expect(code).not.toBeNull();
      expect(writer.output()).toContain(`the lock on ${path.join(dataDir, 'pglite')} was lost`);
    } finally {
      await writer.kill('SIGKILL');
    }
  }, 180_000);

  it('refuses a second server on the same DATA_DIR, saying why', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-durable-'));
    const database = await openDatabase({ dataDir });
    try {
      const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../server.ts')], {
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = await once(server, 'exit');
      expect(code).not.toBe(0);
      expect(output).toContain(`${path.join(dataDir, 'pglite')} is in use by another Lumigen process`);
      expect(output).not.toMatch(/Server listening/);
    } finally {
      await database.close();
    }
    // A server under tsx loads every module before it reaches the lock: over a minute on a loaded machine.
  }, 180_000);
});
