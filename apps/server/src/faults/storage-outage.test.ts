import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { heldToolProvider } from '../test/fake-tool-provider.ts';
import { gatedGenerationProvider } from '../test/gated-generation-provider.ts';
import { catRequest, submitGeneration, submitTool, waitForJob } from '../test/job-calls.ts';
import { databaseKinds, ledgerState, post, register, startTestApp, type TestContext } from '../test/harness.ts';
import { startS3Server, type S3TestServer } from '../test/s3-server.ts';
import { callTool, imagePart, pngOf } from '../test/tool-calls.ts';

/*
 * Decision 026: the S3 bucket unreachable. Paid work that cannot keep its image answers 503
 * in plain words and gives the credit back; an upload that cannot be kept is refused before
 * anything is taken. When the bucket answers again, so does everything else.
 */

type Route = 'generation via /api/image' | 'generation via /api/jobs' | 'tool via /api/image' | 'tool via /api/jobs';
const routes: Route[] = [
  'generation via /api/image',
  'generation via /api/jobs',
  'tool via /api/image',
  'tool via /api/jobs',
];

/** The outcome as the user sees it: the specification's call answers it; a job is watched until it ends. */
async function use(
  app: FastifyInstance,
  token: string,
  route: Route,
  photo: Buffer,
): Promise<{ status: number | string; message: string | null | undefined }> {
  const image = [imagePart(photo)];
  if (route.endsWith('/api/image')) {
    const response = route.startsWith('generation')
      ? await post(app, '/api/image/generate-image', token, catRequest)
      : await callTool(app, token, 'remove-background', image);
    return { status: response.statusCode, message: response.json().message };
  }
  const accepted = route.startsWith('generation')
    ? await submitGeneration(app, token)
    : await submitTool(app, token, 'remove-background', image);
  if (accepted.statusCode !== 202) return { status: accepted.statusCode, message: accepted.json().message };
  const job = await waitForJob(app, token, accepted.json().jobId);
  return { status: job.status, message: job.message };
}

describe.each(databaseKinds)('the S3 bucket unreachable, on %s', (kind) => {
  let s3: S3TestServer;
  let t: TestContext;
  let photo: Buffer;
  const generation = gatedGenerationProvider();
  const tools = heldToolProvider();

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApp(
      kind,
      { ...s3.env, WORKER_CONCURRENCY: '4' },
      { generationProvider: generation.provider, toolProvider: tools.provider },
    );
    photo = await pngOf(96, 64);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const refunded = async (userId: string) => {
    expect(await ledgerState(t.database, userId)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
    const ledger = await rows<{ reason: string; ref: string }>(
      t.database.db,
      sql`SELECT reason, ref FROM credit_ledger WHERE user_id = ${userId} ORDER BY id`,
    );
    expect(ledger.map((row) => row.reason)).toEqual(['signup_bonus', 'reservation', 'refund']);
    expect(ledger[2]?.ref).toBe(ledger[1]?.ref);
    expect(await rows(t.database.db, sql`SELECT 1 FROM images WHERE user_id = ${userId}`)).toHaveLength(0);
  };

  it('lost while the work runs (the uploads already in the bucket): every route answers 503 or fails the job, and refunds', async () => {
    generation.closeGate();
    tools.hold();
    const users = await Promise.all(routes.map(() => register(t.app)));
    const outcomes = routes.map((route, i) => use(t.app, users[i]!.token, route, photo));
    await generation.waitForCalls(2);
    while (tools.calls.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));

    await s3.stop();
    generation.openGate();
    tools.release();

    const seen = await Promise.all(outcomes);
    expect(seen).toEqual([
      { status: 503, message: messages.job.storageUnavailable },
      { status: 'failed', message: messages.job.storageUnavailable },
      { status: 503, message: messages.job.storageUnavailable },
      { status: 'failed', message: messages.job.storageUnavailable },
    ]);
    for (const { user } of users) await refunded(user.id);
  });

  it('already down: an upload is refused with 503 before anything is taken; a generation is refunded', async () => {
    await s3.stop();
    generation.openGate();
    tools.release();
    for (const route of routes) {
      const { token, user } = await register(t.app);
      const seen = await use(t.app, token, route, photo);
      if (route.startsWith('tool')) {
        expect(seen).toEqual({ status: 503, message: messages.storageUnavailableNothingCharged });
        expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
      } else {
        expect(seen).toEqual({
          status: route.endsWith('/api/image') ? 503 : 'failed',
          message: messages.job.storageUnavailable,
        });
        await refunded(user.id);
      }
    }
  });

  it('back again: every route succeeds and charges once; every balance equals its ledger', async () => {
    await s3.start();
    generation.openGate();
    tools.release();
    let stored: { token: string; imageId: string } | undefined;
    for (const route of routes) {
      const { token, user } = await register(t.app);
      const seen = await use(t.app, token, route, photo);
      expect(seen.status, `${route}: ${seen.message}`).toBe(route.endsWith('/api/image') ? 200 : 'succeeded');
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
      const [image] = await rows<{ id: string }>(t.database.db, sql`SELECT id FROM images WHERE user_id = ${user.id}`);
      stored = { token, imageId: image!.id };
    }

    // A stored image cannot be sent while the bucket is away (503, in words), and can again after.
    const download = () =>
      t.app.inject({ method: 'GET', url: `/api/images/${stored!.imageId}`, headers: { token: stored!.token } });
    await s3.stop();
    const refused = await download();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ success: false, message: messages.storageUnavailable });
    await s3.start();
    expect((await download()).statusCode).toBe(200);
    const mismatched = await rows(
      t.database.db,
      sql`SELECT u.id FROM users u WHERE u.credit_balance <> COALESCE((SELECT sum(delta) FROM credit_ledger l WHERE l.user_id = u.id), 0)`,
    );
    expect(mismatched).toEqual([]);
    expect(await rows(t.database.db, sql`SELECT id FROM credit_reservations WHERE status = 'pending'`)).toEqual([]);
  });
});
