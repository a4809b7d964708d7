import { messages } from '@lumigen/contract/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { gatedGenerationProvider } from '../../test/gated-generation-provider.ts';
import { catRequest } from '../../test/job-calls.ts';
import { databaseKinds, ledgerState, register, startTestApp } from '../../test/harness.ts';

// The specification's calls wait for their job in this process. When the process closes first (a deploy, a
// client that hung up), the call is told plainly that its job goes on, and the job is charged or
// refunded as any other: not an "unhandled error" 500 that invites a second, paid try.
describe.each(databaseKinds)('a brief call waiting for its job when the server closes, on %s', (kind) => {
  it('answers 503 with the job id and says the image is still being made; the job finishes and is charged once', async () => {
    const gate = gatedGenerationProvider();
    const t = await startTestApp(kind, { WORKER_CONCURRENCY: '1' }, { generationProvider: gate.provider });
    try {
      const { token, user } = await register(t.app);
      const answer = t.app.inject({
        method: 'POST',
        url: '/api/image/generate-image',
        headers: { token },
        payload: catRequest,
      });
      await gate.waitForCalls(1);

      const closing = t.app.close();
      const response = await answer;
      expect(response.statusCode).toBe(503);
      const [job] = await rows<{ id: string }>(t.database.db, sql`SELECT id FROM jobs WHERE user_id = ${user.id}`);
      expect(response.json()).toEqual({ success: false, message: messages.job.stillRunning, jobId: job!.id });
      expect(response.headers['retry-after']).toBeUndefined();

      gate.openGate();
      gate.calls[0]!.release();
      await closing;
      const [finished] = await rows<{ status: string }>(
        t.database.db,
        sql`SELECT status FROM jobs WHERE id = ${job!.id}`,
      );
      expect(finished?.status).toBe('succeeded');
      expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    } finally {
      gate.openGate();
      await t.close();
    }
  });
});
