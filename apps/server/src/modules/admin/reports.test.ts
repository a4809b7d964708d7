import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { createDatabaseLocation, databaseKinds, type DatabaseLocation } from '../../test/harness.ts';
import { reportSeed } from '../../test/report-seed.ts';
import { createAdminReports, providerPaymentUrl } from './reports.service.ts';

const dayMs = 86_400_000;
const stuckAfterMs = 10 * 60_000;

/** A small deterministic generator, so the seeded figures are many but the same every run. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

describe.each(databaseKinds)('the operator reports on %s', (kind) => {
  let location: DatabaseLocation;
  let database: Database;
  let seed: ReturnType<typeof reportSeed>;
  // Noon today (UTC): every seeded hour of a day stays within that day.
  const today = new Date();
  const now = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12));
  const at = (daysAgo: number, hour = 0) => new Date(now.getTime() - daysAgo * dayMs + (hour - 12) * 3_600_000);

  beforeAll(async () => {
    location = await createDatabaseLocation(kind);
    database = await openDatabase({ url: location.url, dataDir: location.dataDir });
    seed = reportSeed(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  it('the overview: every figure of every day equals what the seeded rows add up to, computed apart', async () => {
    const reports = createAdminReports({ db: database.db, stuckAfterMs });
    const random = numbers(38);
    type Day = Record<string, number>;
    const expected = new Map<string, Day>();
    const payersByDay = new Map<string, Set<string>>();
    const payersInPeriod = new Set<string>();
    const add = (date: Date, figure: string, value: number) => {
      const day = dayOf(date);
      const row = expected.get(day) ?? {};
      row[figure] = (row[figure] ?? 0) + value;
      expected.set(day, row);
    };
    // 35 days, of which the report of 30 sees the last 30: what is older must not count.
    for (let daysAgo = 34; daysAgo >= 0; daysAgo -= 1) {
      const inPeriod = daysAgo < 30;
      for (let n = random(3); n > 0; n -= 1) {
        const created = at(daysAgo, 1 + random(20));
        const verified = random(2) === 0 ? at(daysAgo, 22) : null;
        const user = await seed.user({ createdAt: created, verifiedAt: verified });
        if (inPeriod) add(created, 'signups', 1);
        if (inPeriod && verified) add(verified, 'confirmed', 1);
        for (let p = random(3); p > 0; p -= 1) {
          const credited = at(daysAgo, 2 + random(20));
          const amountCents = 500 + random(3000);
          const credits = 5 + random(60);
          const outcome = random(6);
          const status = outcome === 0 ? 'refunded' : outcome === 1 ? 'disputed' : 'succeeded';
          await seed.payment({ userId: user, createdAt: credited, creditedAt: credited, amountCents, credits, status });
          if (!inPeriod) continue;
          add(credited, 'creditsSold', credits);
          add(credited, 'revenueCents', amountCents);
          if (status === 'refunded') add(credited, 'refunds', 1);
          if (status === 'disputed') add(credited, 'disputes', 1);
          payersInPeriod.add(user);
          const payers = payersByDay.get(dayOf(credited)) ?? new Set();
          payers.add(user);
          payersByDay.set(dayOf(credited), payers);
        }
        // Never paid for: not counted anywhere.
        if (random(4) === 0)
          await seed.payment({ userId: user, createdAt: created, amountCents: 900, credits: 10, status: 'failed' });
        for (let s = random(4); s > 0; s -= 1) {
          const when = at(daysAgo, 3 + random(18));
          const cost = 1 + random(3);
          await seed.ledger(user, -cost, 'reservation', when);
          const refunded = random(3) === 0;
          if (refunded) await seed.ledger(user, cost, 'refund', when);
          // A grant is not spending.
          await seed.ledger(user, 3, 'adjustment', when);
          if (inPeriod) add(when, 'creditsSpent', refunded ? 0 : cost);
          const job = await seed.job({ userId: user, status: 'succeeded', createdAt: when });
          const costUsd = random(2) === 0 ? null : (1 + random(90)) / 1000;
          await seed.attempt(job, 1, { provider: 'openai', ms: 100 + random(900), costUsd, at: when });
          if (inPeriod) add(when, 'providerCostUsd', costUsd ?? 0);
        }
      }
    }

    const report = await reports.overview(30, now);
    expect(report.days).toHaveLength(30);
    expect(report.days.at(-1)!.day).toBe(dayOf(now));
    expect(report.days[0]!.day).toBe(dayOf(at(29)));
    for (const row of report.days) {
      const want = expected.get(row.day) ?? {};
      const revenueCents = want.revenueCents ?? 0;
      const providerCostCents = Math.round((want.providerCostUsd ?? 0) * 100);
      expect(row, row.day).toEqual({
        day: row.day,
        signups: want.signups ?? 0,
        confirmed: want.confirmed ?? 0,
        payingCustomers: payersByDay.get(row.day)?.size ?? 0,
        creditsSold: want.creditsSold ?? 0,
        creditsSpent: want.creditsSpent ?? 0,
        revenueCents,
        providerCostCents,
        marginCents: revenueCents - providerCostCents,
        refunds: want.refunds ?? 0,
        disputes: want.disputes ?? 0,
      });
    }
    const total = (figure: string) => [...expected.values()].reduce((sum, row) => sum + (row[figure] ?? 0), 0);
    expect(report.totals.signups).toBe(total('signups'));
    expect(report.totals.revenueCents).toBe(total('revenueCents'));
    expect(report.totals.creditsSold).toBe(total('creditsSold'));
    expect(report.totals.creditsSpent).toBe(total('creditsSpent'));
    expect(report.totals.payingCustomers).toBe(payersInPeriod.size);
    // The seed is big enough to mean something.
    expect(total('signups')).toBeGreaterThan(10);
    expect(total('revenueCents')).toBeGreaterThan(0);
    expect(total('refunds') + total('disputes')).toBeGreaterThan(0);

    // The payments page's days agree with the overview's money.
    const money = await reports.payments(30, now);
    expect(money.days.map((d) => [d.day, d.credits, d.amountCents])).toEqual(
      report.days.map((d) => [d.day, d.creditsSold, d.revenueCents]),
    );
  });

  it('payments by day: purchases by the day credited, refunds and disputes by the day they came, links to the buyer and Stripe', async () => {
    const reports = createAdminReports({ db: database.db, stuckAfterMs });
    const buyer = await seed.user({ createdAt: at(3), email: 'buyer.money@example.com', owed: 7 });
    // Bought three days ago, disputed yesterday: the purchase counts three days ago, the dispute yesterday.
    const disputed = await seed.payment({
      userId: buyer,
      createdAt: at(3, 5),
      creditedAt: at(3, 5),
      updatedAt: at(1, 9),
      amountCents: 2900,
      credits: 35,
      status: 'disputed',
      reversedCredits: 35,
      shortfallCredits: 7,
    });
    const local = await seed.payment({
      userId: buyer,
      createdAt: at(3, 6),
      creditedAt: at(3, 6),
      amountCents: 500,
      credits: 5,
      status: 'succeeded',
      provider: 'local',
    });
    const before = await reports.payments(7, now);

    const threeDaysAgo = before.days.find((d) => d.day === dayOf(at(3)))!;
    const yesterday = before.days.find((d) => d.day === dayOf(at(1)))!;
    expect(threeDaysAgo.purchases).toBeGreaterThanOrEqual(2);
    expect(yesterday.disputes).toBeGreaterThanOrEqual(1);
    expect(yesterday.reversedCredits).toBeGreaterThanOrEqual(35);

    const listed = before.purchases.find((p) => p.id === disputed.id)!;
    expect(listed).toMatchObject({
      userId: buyer,
      userEmail: 'buyer.money@example.com',
      status: 'disputed',
      amountCents: 2900,
      credits: 35,
      reversedCredits: 35,
      shortfallCredits: 7,
      providerUrl: `https://dashboard.stripe.com/payments/${disputed.providerPaymentId}`,
    });
    expect(before.purchases.find((p) => p.id === local.id)!.providerUrl).toBeNull();
    expect(before.shortfalls).toContainEqual({ userId: buyer, userEmail: 'buyer.money@example.com', creditsOwed: 7 });
    // Newest first.
    const times = before.purchases.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('jobs: failed and stuck first, newest first within each, paged without a gap or a repeat', async () => {
    const reports = createAdminReports({ db: database.db, stuckAfterMs });
    const owner = await seed.user({ createdAt: at(2), email: 'jobs.owner@example.com' });
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    const made: Array<{ id: string; status: string; createdAt: Date; attention: boolean }> = [];
    for (let i = 0; i < 60; i += 1) {
      const status = ['succeeded', 'failed', 'canceled', 'queued', 'running'][i % 5]!;
      const createdAt = minutesAgo(1 + i * 3);
      const id = await seed.job({
        userId: owner,
        status,
        createdAt,
        startedAt: status === 'running' ? createdAt : null,
      });
      const attention =
        status === 'failed' ||
        ((status === 'queued' || status === 'running') && now.getTime() - createdAt.getTime() > stuckAfterMs);
      made.push({ id, status, createdAt, attention });
    }
    const failed = made.find((job) => job.status === 'failed')!;
    await seed.attempt(failed.id, 1, { provider: 'clipdrop', outcome: 'retried', status: 503, ms: 320, at: now });
    await seed.attempt(failed.id, 2, { provider: 'openai', ms: 900, costUsd: 0.04, at: now });

    const seen: Awaited<ReturnType<typeof reports.jobs>>['jobs'] = [];
    let cursor: string | undefined;
    do {
      const page = await reports.jobs({ cursor }, now);
      seen.push(...page.jobs);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const ours = seen.filter((job) => job.userId === owner);
    const expectedOrder = [...made]
      .sort((a, b) => Number(b.attention) - Number(a.attention) || b.createdAt.getTime() - a.createdAt.getTime())
      .map((job) => job.id);
    expect(ours.map((job) => job.id)).toEqual(expectedOrder);
    expect(new Set(seen.map((job) => job.id)).size).toBe(seen.length);
    // Every job that needs attention, whoever's, comes before every one that does not.
    const firstCalm = seen.findIndex((job) => !(job.status === 'failed' || job.stuck));
    expect(seen.slice(firstCalm).some((job) => job.status === 'failed' || job.stuck)).toBe(false);

    const shown = ours.find((job) => job.id === failed.id)!;
    expect(shown).toMatchObject({ userEmail: 'jobs.owner@example.com', retryable: true, charged: false });
    expect(shown.attempts).toEqual([
      { provider: 'clipdrop', endpoint: '/v1/test', status: 503, ms: 320, outcome: 'retried', costUsd: null },
      { provider: 'openai', endpoint: '/v1/test', status: 200, ms: 900, outcome: 'ok', costUsd: 0.04 },
    ]);

    const stuck = await reports.jobs({ status: 'stuck' }, now);
    expect(stuck.jobs.every((job) => job.stuck && (job.status === 'queued' || job.status === 'running'))).toBe(true);
    expect(stuck.jobs.filter((job) => job.userId === owner)).toHaveLength(
      made.filter((job) => job.attention && job.status !== 'failed').length,
    );
    const onlyFailed = await reports.jobs({ status: 'failed' }, now);
    expect(onlyFailed.jobs.every((job) => job.status === 'failed')).toBe(true);

    await expect(reports.jobs({ cursor: 'bm90LWEtY3Vyc29y' }, now)).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('a job needing the customer’s upload again, or following another, is not retryable', async () => {
    const reports = createAdminReports({ db: database.db, stuckAfterMs });
    const owner = await seed.user({ createdAt: at(1) });
    const upload = await seed.job({
      userId: owner,
      status: 'failed',
      kind: 'upscale',
      createdAt: now,
      inputKeys: { image: 'x-image' },
    });
    const page = await reports.jobs({ status: 'failed' }, now);
    expect(page.jobs.find((job) => job.id === upload)!.retryable).toBe(false);
  });

  it('providers over the last 24 hours: requests, error rate, median latency and cost; older calls left out', async () => {
    const reports = createAdminReports({ db: database.db, stuckAfterMs });
    const owner = await seed.user({ createdAt: at(1) });
    const job = await seed.job({ userId: owner, status: 'succeeded', createdAt: now });
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const calls = [
      { ms: 120, outcome: 'ok', costUsd: 0.01 },
      { ms: 80, outcome: 'ok', costUsd: 0.02 },
      { ms: 400, outcome: 'retried', costUsd: null },
      { ms: 200, outcome: 'provider_failed', costUsd: null },
      { ms: 100, outcome: 'ok', costUsd: 0.03 },
    ];
    for (const [i, call] of calls.entries())
      await seed.attempt(job, i + 1, { provider: 'stability-test', at: hoursAgo(i + 1), ...call });
    // 25 hours ago: outside the window.
    await seed.attempt(job, 10, { provider: 'stability-test', ms: 9000, outcome: 'provider_failed', at: hoursAgo(25) });
    await seed.attempt(job, 11, { provider: 'fal-test', ms: 50, at: hoursAgo(2), costUsd: 0.5 });
    await seed.attempt(job, 12, { provider: 'fal-test', ms: 70, at: hoursAgo(3), costUsd: 0.25 });

    const { providers, since } = await reports.providers(now);
    expect(since).toBe(hoursAgo(24).toISOString());
    const stability = providers.find((p) => p.provider === 'stability-test')!;
    const sorted = calls.map((c) => c.ms).sort((a, b) => a - b);
    expect(stability.requests).toBe(calls.length);
    expect(stability.errors).toBe(calls.filter((c) => c.outcome !== 'ok').length);
    expect(stability.errorRate).toBeCloseTo(2 / 5);
    expect(stability.medianMs).toBe(sorted[Math.floor(sorted.length / 2)]);
    expect(stability.costUsd).toBeCloseTo(0.06);
    // An even count: the median is the mean of the middle two.
    expect(providers.find((p) => p.provider === 'fal-test')).toMatchObject({
      requests: 2,
      errors: 0,
      errorRate: 0,
      medianMs: 60,
      costUsd: 0.75,
    });
  });

  it('links a Stripe payment to its page on the dashboard, a local one to nothing', () => {
    expect(providerPaymentUrl('stripe', 'pi_123')).toBe('https://dashboard.stripe.com/payments/pi_123');
    expect(providerPaymentUrl('local', 'pi_local_1')).toBeNull();
  });
});
