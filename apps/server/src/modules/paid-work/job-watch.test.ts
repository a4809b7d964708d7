import { setMaxListeners } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, type Executor } from '../../db/client.ts';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { submitGeneration } from '../../test/job-calls.ts';
import { databaseKinds, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { heldPngBytes } from '../../lib/image-bytes.ts';
import { createJobWatch, type JobSnapshot } from './job-watch.ts';
import type { JobRow } from './jobs.repository.ts';

const silent = { warn: () => undefined } as never;
const pollMs = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds)('the job watch on %s', (kind) => {
  let t: TestContext;
  const gate = gatedGenerationProvider();
  // Every statement the watch sends, counted.
  let statements = 0;
  let counted: Executor;

  beforeAll(async () => {
    // One worker, held by the gate: every other job stays queued.
    t = await startTestApp(
      kind,
      { WORKER_CONCURRENCY: '1', JOBS_MAX_RUNNING_PER_USER: '1', JOBS_MAX_QUEUED_PER_USER: '3' },
      { generationProvider: gate.provider },
    );
    counted = {
      execute: (statement: never) => ((statements += 1), t.database.db.execute(statement)),
    } as unknown as Executor;
  });
  afterAll(async () => {
    gate.openGate();
    for (const call of gate.calls) call.release();
    await t.close();
  });

  async function queuedJobs(users: number, perUser: number): Promise<string[]> {
    const ids: string[] = [];
    for (let u = 0; u < users; u += 1) {
      const { token } = await register(t.app);
      for (let j = 0; j < perUser; j += 1) ids.push((await submitGeneration(t.app, token)).json().jobId as string);
    }
    return ids;
  }

  /** Follows each job in the background; `states[i]` holds everything job i's follower was told. */
  function followAll(watch: ReturnType<typeof createJobWatch>, ids: string[], signal: AbortSignal) {
    // One signal for many followers here; a request has its own.
    setMaxListeners(0, signal);
    const states = ids.map((): Array<JobSnapshot | null> => []);
    const done = Promise.all(
      ids.map(async (id, i) => {
        for await (const state of watch.follow(id, signal)) states[i]!.push(state);
      }),
    );
    return { states, done };
  }

  it('reads every followed job in one statement per look, however many follow: 30 followers cost what one does', async () => {
    const ids = await queuedJobs(10, 3);
    const watch = createJobWatch({ db: counted, pollMs, log: silent });
    const stop = new AbortController();
    statements = 0;
    const { states, done } = followAll(watch, ids, stop.signal);
    await sleep(pollMs / 2);
    // Each follower's first look is its own statement.
    expect(statements).toBe(ids.length);
    statements = 0;
    await sleep(pollMs * 10);
    // One statement per look for all 30, about ten looks; each follower alone would be 300.
    expect(statements).toBeGreaterThanOrEqual(5);
    expect(statements).toBeLessThanOrEqual(12);
    stop.abort();
    await done;
    // Each was told where it stands: every job is queued with a position.
    for (const told of states) expect(told[0]).toMatchObject({ status: expect.stringMatching(/^(queued|running)$/) });
    expect(states.filter((told) => told[0]?.status === 'queued').every((told) => told[0]!.position! >= 1)).toBe(true);

    // Nobody follows any more: the looks stop.
    statements = 0;
    await sleep(pollMs * 3);
    expect(statements).toBe(0);
  });

  it('tells a follower of a change made elsewhere (no word in this process) at the next look, and that a deleted job is gone', async () => {
    const [first, second] = await queuedJobs(1, 2);
    const watch = createJobWatch({ db: t.database.db, pollMs, log: silent });
    const stop = new AbortController();
    const { states, done } = followAll(watch, [first!, second!], stop.signal);
    await sleep(pollMs / 2);
    // Another process's statement: the job is canceled with its event, as markCanceled does.
    await t.database.db.execute(
      sql`UPDATE jobs SET status = 'canceled', event_seq = event_seq + 1 WHERE id = ${second}`,
    );
    await t.database.db.execute(sql`DELETE FROM jobs WHERE id = ${first} AND status = 'queued'`);
    await sleep(pollMs * 3);
    stop.abort();
    await done;
    const secondTold = states[1]!;
    expect(secondTold.at(-1)).toMatchObject({ status: 'canceled', position: null });
    expect(secondTold.at(-1)!.eventSeq).toBe(secondTold[0]!.eventSeq + 1);
    // The running first job could not be deleted; a queued one is, and its follower ends on null.
    const firstTold = states[0]!;
    if (firstTold[0]?.status === 'queued') expect(firstTold.at(-1)).toBeNull();
  });

  it('tells a follower at once of a change made in this process', async () => {
    const [id] = await queuedJobs(1, 1);
    // A look every minute: only `changed` can tell the follower in time.
    const watch = createJobWatch({ db: t.database.db, pollMs: 60_000, log: silent });
    const stop = new AbortController();
    const { states, done } = followAll(watch, [id!], stop.signal);
    await sleep(100);
    await t.database.db.execute(sql`UPDATE jobs SET progress = 50, event_seq = event_seq + 1 WHERE id = ${id}`);
    watch.changed(id!);
    await sleep(200);
    stop.abort();
    await done;
    expect(states[0]!.map((state) => state?.eventSeq)).toEqual([states[0]![0]!.eventSeq, states[0]![0]!.eventSeq + 1]);
  });

  it('hears a change committed by any statement, told nothing, from the database (LISTEN/NOTIFY): its looks a minute apart', async () => {
    const [id] = await queuedJobs(1, 1);
    const watch = createJobWatch({ db: t.database.db, pollMs: 60_000, listen: t.database.listen, log: silent });
    expect(await watch.listen()).toBe(true);
    const stop = new AbortController();
    const { states, done } = followAll(watch, [id!], stop.signal);
    await sleep(100);
    // As a worker in another process would: only the database knows.
    await t.database.db.execute(sql`UPDATE jobs SET progress = 50, event_seq = event_seq + 1 WHERE id = ${id}`);
    for (const deadline = Date.now() + 10_000; states[0]!.length < 2 && Date.now() < deadline;) await sleep(20);
    stop.abort();
    watch.stop();
    await done;
    expect(states[0]!.map((state) => state?.eventSeq)).toEqual([states[0]![0]!.eventSeq, states[0]![0]!.eventSeq + 1]);
  });

  it('tells a follower of a change made here with the state its statement returned, and of an ending with the row and image, without a statement', async () => {
    const [id] = await queuedJobs(1, 1);
    // A look every minute: the follower can only hear in time from this process.
    const watch = createJobWatch({ db: counted, pollMs: 60_000, log: silent });
    const stop = new AbortController();
    const { states, done } = followAll(watch, [id!], stop.signal);
    await sleep(100);
    const first = states[0]![0]!;
    statements = 0;
    watch.changed(id!, { status: 'running', eventSeq: first.eventSeq + 1, position: null });
    const [row] = await rows<JobRow>(t.database.db, sql`SELECT * FROM jobs WHERE id = ${id}`);
    const png = Buffer.from('the image');
    watch.ended({ row: { ...row!, status: 'succeeded', event_seq: first.eventSeq + 2 }, png });
    // Told in this turn of the event loop: no tick waited for, no statement sent.
    await sleep(0);
    expect(states[0]!.map((state) => state?.status)).toEqual([first.status, 'running', 'succeeded']);
    expect(watch.ending(id!)?.png).toBe(png);
    // A look that began before the ending and answers after it does not take it back.
    watch.changed(id!);
    await sleep(100);
    expect(states[0]!.at(-1)?.status).toBe('succeeded');
    expect(statements).toBe(1);
    stop.abort();
    await done;
    // Kept only while followed.
    expect(watch.ending(id!)).toBeUndefined();
  });

  it("keeps an ending's image bytes up to heldPngBytes only: a larger image is read from the store by whoever answers", async () => {
    const ids = await queuedJobs(1, 2);
    const watch = createJobWatch({ db: t.database.db, pollMs: 60_000, log: silent });
    const stop = new AbortController();
    const { done } = followAll(watch, ids, stop.signal);
    await sleep(100);
    const found = await rows<JobRow>(t.database.db, sql`SELECT * FROM jobs WHERE id IN (${ids[0]}, ${ids[1]})`);
    const rowOf = (id: string) => ({
      ...found.find((row) => row.id === id)!,
      status: 'succeeded' as const,
      event_seq: 99,
    });
    const small = Buffer.alloc(heldPngBytes);
    watch.ended({ row: rowOf(ids[0]!), png: small });
    watch.ended({ row: rowOf(ids[1]!), png: Buffer.alloc(heldPngBytes + 1) });
    expect(watch.ending(ids[0]!)?.png).toBe(small);
    expect(watch.ending(ids[1]!)?.row.status).toBe('succeeded');
    expect(watch.ending(ids[1]!)?.png).toBeUndefined();
    stop.abort();
    await done;
  });

  it('stops looking when stopped (the database is about to close), and every follow ends', async () => {
    const [id] = await queuedJobs(1, 1);
    const watch = createJobWatch({ db: counted, pollMs, log: silent });
    const { states, done } = followAll(watch, [id!], new AbortController().signal);
    await sleep(pollMs * 2);
    watch.stop();
    await done;
    expect(states[0]!.length).toBeGreaterThanOrEqual(1);
    statements = 0;
    await sleep(pollMs * 3);
    watch.changed(id!);
    expect(statements).toBe(0);
    // A follow begun afterwards ends at once, without a statement.
    for await (const state of watch.follow(id!)) expect.unreachable(`told ${JSON.stringify(state)} after the stop`);
    expect(statements).toBe(0);
  });

  it('ends every follow with the error when a look fails (the database is down): a waiting call answers, it does not wait out the outage', async () => {
    const [id] = await queuedJobs(1, 1);
    let down = false;
    const flaky = {
      execute: (statement: never) =>
        down ? Promise.reject(new Error('connection refused')) : t.database.db.execute(statement),
    } as unknown as Executor;
    const watch = createJobWatch({ db: flaky, pollMs, log: silent });
    const told: Array<JobSnapshot | null> = [];
    const following = (async () => {
      for await (const state of watch.follow(id!)) told.push(state);
    })();
    await sleep(pollMs / 2);
    down = true;
    await expect(following).rejects.toThrow('connection refused');
    expect(told).toHaveLength(1);
    // Back up: a new follow works.
    down = false;
    const again = watch.follow(id!);
    expect((await again.next()).value).toMatchObject({ eventSeq: told[0]!.eventSeq });
    await again.return(undefined);
  });
});
