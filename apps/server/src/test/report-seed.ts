import { randomUUID } from 'node:crypto';
import { generateImageRequest } from '@lumigen/contract/generation-schemas';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Rows written straight into the tables at chosen times, for the operator's reports: the
 * services that normally write them stamp `now()`, and a report of 30 days needs 30 days.
 */
// What the generation route stores for a job: its request, parsed.
const generationParams = generateImageRequest.parse({
  prompt: 'A red fox in the snow',
  model: 'dall-e-2',
  size: '256x256',
  quality: 'standard',
});

export function reportSeed(db: Db) {
  let ledgerRef = 0;
  return {
    async user({
      createdAt,
      verifiedAt = null,
      email = `seed.${randomUUID()}@example.com`,
      owed = 0,
    }: {
      createdAt: Date;
      verifiedAt?: Date | null;
      email?: string;
      owed?: number;
    }): Promise<string> {
      const id = randomUUID();
      await db.execute(
        sql`INSERT INTO users (id, name, email, password_hash, created_at, email_verified_at, credits_owed)
            VALUES (${id}, 'Seeded', ${email}, 'x', ${createdAt.toISOString()}, ${verifiedAt?.toISOString() ?? null}, ${owed})`,
      );
      return id;
    },

    async payment({
      userId,
      createdAt,
      creditedAt = null,
      updatedAt = creditedAt ?? createdAt,
      amountCents,
      credits,
      status,
      provider = 'stripe',
      reversedCredits = 0,
      shortfallCredits = 0,
    }: {
      userId: string;
      createdAt: Date;
      creditedAt?: Date | null;
      updatedAt?: Date;
      amountCents: number;
      credits: number;
      status: string;
      provider?: 'stripe' | 'local';
      reversedCredits?: number;
      shortfallCredits?: number;
    }): Promise<{ id: string; providerPaymentId: string }> {
      const id = randomUUID();
      const providerPaymentId = `pi_${id.replaceAll('-', '').slice(0, 24)}`;
      await db.execute(
        sql`INSERT INTO payments (id, user_id, bundle, amount_cents, currency, credits, status, provider,
                                  provider_payment_id, idempotency_key, credited_at, reversed_credits,
                                  shortfall_credits, created_at, updated_at)
            VALUES (${id}, ${userId}, 'Popular', ${amountCents}, 'usd', ${credits}, ${status}, ${provider},
                    ${providerPaymentId}, ${id}, ${creditedAt?.toISOString() ?? null}, ${reversedCredits},
                    ${shortfallCredits}, ${createdAt.toISOString()}, ${updatedAt.toISOString()})`,
      );
      return { id, providerPaymentId };
    },

    async ledger(userId: string, delta: number, reason: string, at: Date): Promise<void> {
      ledgerRef += 1;
      await db.execute(
        sql`INSERT INTO credit_ledger (user_id, delta, balance_after, reason, ref, created_at)
            VALUES (${userId}, ${delta}, 0, ${reason}, ${`seed-${randomUUID()}-${ledgerRef}`}, ${at.toISOString()})`,
      );
    },

    async job({
      userId,
      status,
      createdAt,
      startedAt = null,
      kind = 'generation',
      reservationId = null,
      inputKeys = {},
    }: {
      userId: string;
      status: string;
      createdAt: Date;
      startedAt?: Date | null;
      kind?: string;
      reservationId?: string | null;
      inputKeys?: Record<string, string>;
    }): Promise<string> {
      const id = randomUUID();
      await db.execute(
        sql`INSERT INTO jobs (id, user_id, kind, params, input_keys, status, reservation_id, created_at, started_at,
                              finished_at, error_code, message)
            VALUES (${id}, ${userId}, ${kind}, ${JSON.stringify(generationParams)}::jsonb,
                    ${JSON.stringify(inputKeys)}::jsonb, ${status}, ${reservationId}, ${createdAt.toISOString()},
                    ${startedAt?.toISOString() ?? null},
                    ${status === 'failed' || status === 'succeeded' || status === 'canceled' ? createdAt.toISOString() : null},
                    ${status === 'failed' ? 'provider_failed' : null}, ${status === 'failed' ? 'The provider failed' : null})`,
      );
      return id;
    },

    async attempt(
      jobId: string,
      seq: number,
      {
        provider,
        outcome = 'ok',
        ms,
        costUsd = null,
        at,
        status = 200,
      }: { provider: string; outcome?: string; ms: number; costUsd?: number | null; at: Date; status?: number | null },
    ): Promise<void> {
      await db.execute(
        sql`INSERT INTO job_provider_attempts (job_id, seq, provider, endpoint, status, ms, outcome, cost_usd, created_at)
            VALUES (${jobId}, ${seq}, ${provider}, '/v1/test', ${status}, ${ms}, ${outcome}, ${costUsd}, ${at.toISOString()})`,
      );
    },
  };
}
