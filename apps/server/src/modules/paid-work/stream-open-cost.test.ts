import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { submitGeneration } from '../../test/job-calls.ts';
import { databaseKinds, register, startTestApp, type TestContext } from '../../test/harness.ts';
import { createEvents, type StreamedEvent } from './events.ts';
import { createJobWatch } from './job-watch.ts';

const silent = { warn: () => undefined } as never;

/*
 * Opening a job's event stream costs the database one statement: the owner's check, the job's
 * state with its queue position, and its stored events are read together (docs/architecture.md,
 * the routes table, `GET /api/jobs/:id/events`). A flood of opens from one account then costs one statement each, beside the
 * caller's session lookup every request makes.
 */
describe.each(databaseKinds)('opening a job event stream on %s', (kind) => {
  let t: TestContext;
  const gate = gatedGenerationProvider();
  let statements = 0;
  let counted: Executor;

  beforeAll(async () => {
    // One worker, held by the gate: a second job waits in the queue with a position.
    t = await startTestApp(kind, { WORKER_CONCURRENCY: '1' }, { generationProvider: gate.provider });
    counted = {
      execute: (statement: never) => ((statements += 1), t.database.db.execute(statement)),
    } as unknown as Executor;
  });
  afterAll(async () => {
    gate.openGate();
    for (const call of gate.calls) call.release();
    await t.close();
  });

  /** The events the stream tells before it would wait, and the statements its opening cost. */
  async function open(userId: string, jobId: string, afterSeq: number) {
    // Looks a minute apart: only the opening's own statement can run here.
    const watch = createJobWatch({ db: counted, pollMs: 60_000, log: silent });
    const events = createEvents({ db: counted, watch });
    const stop = new AbortController();
    statements = 0;
    const stream = await events.openEvents(userId, jobId, afterSeq, stop.signal);
    const told: StreamedEvent[] = [];
    // Everything the stream has to tell at once; the next event would need a change.
    for (;;) {
      const next = await Promise.race([stream.next(), new Promise<'waits'>((r) => setTimeout(() => r('waits'), 200))]);
      if (next === 'waits' || next.done) break;
      told.push(next.value);
    }
    const cost = statements;
    stop.abort();
    watch.stop();
    return { told, cost };
  }

  it('costs one statement and tells the stored events, or the queue position', async () => {
    const first = await register(t.app);
    const runningId = (await submitGeneration(t.app, first.token)).json().jobId as string;
    await gate.waitForCalls(1);
    const second = await register(t.app);
    const queuedId = (await submitGeneration(t.app, second.token)).json().jobId as string;

    const running = await open(first.user.id, runningId, 0);
    expect(running.cost).toBe(1);
    const stored = running.told.map((event) => event.id);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored).toEqual(stored.map((_, i) => i + 1));

    // Resumed after the first event: only the later ones, still one statement.
    const resumed = await open(first.user.id, runningId, 1);
    expect(resumed.cost).toBe(1);
    expect(resumed.told.map((event) => event.id)).toEqual(stored.slice(1));

    const queued = await open(second.user.id, queuedId, 0);
    expect(queued.cost).toBe(1);
    expect(queued.told).toEqual([{ type: 'position', data: { position: 1 } }]);
  });

  it("answers another account's job not found, after one statement", async () => {
    const owner = await register(t.app);
    const jobId = (await submitGeneration(t.app, owner.token)).json().jobId as string;
    const stranger = await register(t.app);
    const watch = createJobWatch({ db: counted, pollMs: 60_000, log: silent });
    statements = 0;
    await expect(
      createEvents({ db: counted, watch }).openEvents(stranger.user.id, jobId, 0, new AbortController().signal),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(statements).toBe(1);
    watch.stop();
  });
});
