import type {
  AdminJob,
  AdminOverviewDay,
  AdminOverviewResponse,
  AdminPaymentsResponse,
} from '@lumigen/contract/admin-reports';

const zeroDay = {
  signups: 0,
  confirmed: 0,
  payingCustomers: 0,
  creditsSold: 0,
  creditsSpent: 0,
  revenueCents: 0,
  providerCostCents: 0,
  marginCents: 0,
  refunds: 0,
  disputes: 0,
};

/** Three days of figures, the middle one busy; totals summed from them. */
export function overviewAnswer(busy: Partial<AdminOverviewDay> = {}): AdminOverviewResponse {
  const days: AdminOverviewDay[] = [
    { day: '2026-11-26', ...zeroDay },
    { day: '2026-11-27', ...zeroDay, ...busy },
    { day: '2026-11-28', ...zeroDay },
  ];
  const totals = { ...zeroDay };
  for (const day of days)
    for (const key of Object.keys(zeroDay) as Array<keyof typeof zeroDay>) totals[key] += day[key];
  return { success: true, currency: 'usd', days, totals };
}

export function paymentsAnswer(overrides: Partial<AdminPaymentsResponse> = {}): AdminPaymentsResponse {
  return {
    success: true,
    currency: 'usd',
    days: [
      {
        day: '2026-11-27',
        purchases: 2,
        amountCents: 3400,
        credits: 40,
        refunds: 0,
        disputes: 1,
        reversedCredits: 35,
      },
      { day: '2026-11-28', purchases: 0, amountCents: 0, credits: 0, refunds: 0, disputes: 0, reversedCredits: 0 },
    ],
    purchases: [
      {
        id: '0b9f6a57-3b1c-4a8e-9d6c-8f1e2a3b4c5d',
        createdAt: '2026-11-27T10:00:00.000Z',
        userId: '7f3c2b1a-0000-4000-8000-000000000001',
        userEmail: 'ada@example.com',
        bundle: 'Popular',
        amountCents: 2900,
        currency: 'usd',
        credits: 35,
        status: 'disputed',
        provider: 'stripe',
        providerPaymentId: 'pi_3Abc',
        providerUrl: 'https://dashboard.stripe.com/payments/pi_3Abc',
        creditedAt: '2026-11-27T10:00:05.000Z',
        reversedCredits: 35,
        shortfallCredits: 7,
      },
      {
        id: '1c9f6a57-3b1c-4a8e-9d6c-8f1e2a3b4c5d',
        createdAt: '2026-11-27T09:00:00.000Z',
        userId: '7f3c2b1a-0000-4000-8000-000000000002',
        userEmail: 'grace@example.com',
        bundle: 'Starter',
        amountCents: 500,
        currency: 'usd',
        credits: 5,
        status: 'succeeded',
        provider: 'local',
        providerPaymentId: 'pi_local_1',
        providerUrl: null,
        creditedAt: '2026-11-27T09:00:01.000Z',
        reversedCredits: 0,
        shortfallCredits: 0,
      },
    ],
    shortfalls: [{ userId: '7f3c2b1a-0000-4000-8000-000000000001', userEmail: 'ada@example.com', creditsOwed: 7 }],
    ...overrides,
  };
}

export function jobAnswer(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    id: '5e0c9d2a-1111-4222-8333-444455556666',
    userId: '7f3c2b1a-0000-4000-8000-000000000001',
    userEmail: 'ada@example.com',
    kind: 'generation',
    status: 'failed',
    stuck: false,
    charged: true,
    errorCode: 'provider_failed',
    message: 'The image service failed; your credit was refunded.',
    createdAt: '2026-11-28T08:00:00.000Z',
    startedAt: '2026-11-28T08:00:01.000Z',
    finishedAt: '2026-11-28T08:00:09.000Z',
    retryable: true,
    attempts: [
      {
        provider: 'openai',
        endpoint: '/v1/images/generations',
        status: 500,
        ms: 812,
        outcome: 'retried',
        costUsd: null,
      },
      {
        provider: 'openai',
        endpoint: '/v1/images/generations',
        status: 502,
        ms: 640,
        outcome: 'provider_failed',
        costUsd: null,
      },
    ],
    ...overrides,
  };
}
