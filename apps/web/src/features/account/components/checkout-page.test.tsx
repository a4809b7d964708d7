import { messages } from '@lumigen/contract/messages';
import { webMessages } from '@lumigen/contract/web-messages';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { creditAnswer } from '../../../test/answers.ts';
import { mockServer as fakeApi, type Call } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CheckoutPage } from './checkout-page.tsx';

/** Stands in for the receipt page: says which payment it was sent to show. */
function ReceiptProbe() {
  const [search] = useSearchParams();
  return <h1>Receipt of {search.get('payment')}</h1>;
}

vi.mock('../../../lib/notify.ts', () => ({
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismissAll: vi.fn() },
}));

type Answer = [status: number, body: unknown];
type Handler = Answer | ((body: unknown, call: number) => Answer | Promise<Answer>);

const intentId = 'pi_local_0123456789abcdef';
const intent = {
  success: true,
  clientSecret: `${intentId}_secret_abc`,
  paymentIntentId: intentId,
  amount: 2000,
  currency: 'usd',
  credits: 35,
  bundle: 'Popular',
};

let calls: Call[];
let handlers: Record<string, Handler>;

/** The server, as far as the checkout page talks to it; every call is recorded. */
function mockServer(overrides: Record<string, Handler> = {}) {
  let balance = 5;
  handlers = {
    'POST /api/image/get-credit': () => creditAnswer({ creditBalance: balance, emailVerified: true }),
    'GET /api/payments/config': [200, { provider: 'local', testMode: true, publishableKey: null }],
    'POST /api/stripe/create-payment-intent': [200, intent],
    'POST /api/payments/local/confirm': [
      200,
      { success: true, message: messages.paymentSuccessful, paymentIntentId: intentId, status: 'succeeded' },
    ],
    'POST /api/image/add-credit': () => {
      balance = 40;
      return [200, { success: true, message: messages.paymentSuccessful, creditBalance: balance }];
    },
    'GET /api/payments': [200, { success: true, payments: [] }],
    ...overrides,
  };
  const counted = (handler: Handler) => (call: Call) => {
    if (typeof handler !== 'function') return handler;
    return handler(call.body, calls.filter((c) => c.method === call.method && c.path === call.path).length);
  };
  calls = fakeApi(Object.fromEntries(Object.entries(handlers).map(([key, handler]) => [key, counted(handler)]))).calls;
}

const callsTo = (path: string) => calls.filter((call) => call.path === path);

function renderCheckout() {
  return renderWithProviders(
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route path="/pricing" element={<h1>Pricing page</h1>} />
      <Route path="/" element={<h1>Home page</h1>} />
      <Route path="/checkout/complete" element={<ReceiptProbe />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { path: '/checkout' },
  );
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.clear(screen.getByLabelText('Card number'));
  await user.type(screen.getByLabelText('Card number'), number);
  await user.clear(screen.getByLabelText('Expiry (MM / YY)'));
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('itemo', 'Popular');
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.info).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout without a plan', () => {
  for (const [label, itemo] of [
    ['no plan chosen', null],
    ['a plan that does not exist', 'Gold'],
  ] as const) {
    it(`${label}: back to /pricing with a toast, and no payment is started`, async () => {
      if (itemo === null) localStorage.removeItem('itemo');
      else localStorage.setItem('itemo', itemo);
      mockServer();
      renderCheckout();

      expect(await screen.findByRole('heading', { name: 'Pricing page' })).toBeTruthy();
      expect(notify.info).toHaveBeenCalledWith(webMessages.choosePlanFirst, expect.anything());
      expect(callsTo('/api/stripe/create-payment-intent')).toHaveLength(0);
    });
  }
});

describe('checkout of the chosen plan', () => {
  it('starts with "Initializing checkout...", then shows the bundle, its credits and its price', async () => {
    mockServer();
    renderCheckout();

    expect(screen.getByText('Initializing checkout...').getAttribute('role')).toBe('status');
    expect(await screen.findByText('Popular bundle')).toBeTruthy();
    expect(screen.getByText('35 credits')).toBeTruthy();
    expect(screen.getByText('$20')).toBeTruthy();
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
    const [created] = callsTo('/api/stripe/create-payment-intent');
    expect(created?.body).toEqual({ items: 'Popular', idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('a failing server: "Failed to initialize checkout" and the toast; every retry reuses the one idempotency key', async () => {
    mockServer({
      'POST /api/stripe/create-payment-intent': (_body, call) =>
        call <= 3 ? [502, { success: false, message: messages.paymentProviderFailed }] : [200, intent],
    });
    renderCheckout();

    expect(await screen.findByText('Failed to initialize checkout')).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith('Something went wrong!!!', expect.anything());
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeTruthy();

    const keys = callsTo('/api/stripe/create-payment-intent').map(
      (call) => (call.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys.length).toBe(4);
    expect(new Set(keys).size).toBe(1);
  });

  it('a declined card: the provider’s message inline and as a toast, no credits asked for, and the same intent is paid on retry', async () => {
    mockServer({
      'POST /api/payments/local/confirm': (body) =>
        (body as { cardNumber: string }).cardNumber === '4000000000000002'
          ? [402, { success: false, message: messages.card.declined, code: 'card_declined' }]
          : [
              200,
              { success: true, message: messages.paymentSuccessful, paymentIntentId: intentId, status: 'succeeded' },
            ],
    });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('button', { name: 'Pay now' });

    await fillCard(user, '4000000000000002');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.card.declined);
    expect(notify.error).toHaveBeenCalledWith(messages.card.declined);
    expect(callsTo('/api/image/add-credit')).toHaveLength(0);
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay now' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('heading', { name: /^Receipt/ })).toBeNull();

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('heading', { name: `Receipt of ${intentId}` })).toBeTruthy();
    expect(
      callsTo('/api/payments/local/confirm').map((call) => (call.body as { paymentIntentId: string }).paymentIntentId),
    ).toEqual([intentId, intentId]);
    expect(callsTo('/api/stripe/create-payment-intent')).toHaveLength(1);
  });

  it('lists what a reversal left owed, and the purchase that paid it first', async () => {
    const paid = (over: object) => ({
      paymentIntentId: 'pi_x',
      bundle: 'Popular',
      amount: 2000,
      currency: 'usd',
      credits: 35,
      status: 'succeeded',
      shortfallCredits: 0,
      shortfallSettledCredits: 0,
      createdAt: '2026-11-20T10:00:00.000Z',
      ...over,
    });
    mockServer({
      'GET /api/payments': [
        200,
        {
          success: true,
          payments: [
            paid({
              paymentIntentId: 'pi_later',
              bundle: 'Premium',
              credits: 100,
              amount: 4000,
              shortfallSettledCredits: 33,
            }),
            paid({ status: 'disputed', shortfallCredits: 33 }),
          ],
        },
      ],
    });
    renderCheckout();
    expect(await screen.findByText('33 of them paid what was owed; 67 added to your balance')).toBeTruthy();
    expect(screen.getByText('Credits taken back with the dispute · 33 already spent, owed')).toBeTruthy();
  });

  it('a refusal about one field marks that field', async () => {
    mockServer({
      'POST /api/payments/local/confirm': [
        402,
        { success: false, message: messages.card.incompleteCvc, code: 'incomplete_cvc' },
      ],
    });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('button', { name: 'Pay now' });

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.card.incompleteCvc);
    const cvc = screen.getByLabelText('CVC');
    expect(cvc.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(cvc);
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBeNull();
  });

  it('an incomplete expiry is caught before the card is sent', async () => {
    mockServer();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('button', { name: 'Pay now' });

    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '12');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    expect((await screen.findByRole('alert')).textContent).toBe("Your card's expiration date is incomplete.");
    expect(callsTo('/api/payments/local/confirm')).toHaveLength(0);
  });

  it('a paid card: add-credit with the intent id, earlier toasts closed, the toast, the new balance, then the receipt', async () => {
    mockServer();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('button', { name: 'Pay now' });

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    expect(await screen.findByRole('heading', { name: `Receipt of ${intentId}` })).toBeTruthy();
    expect(callsTo('/api/payments/local/confirm').map((call) => call.body)).toEqual([
      { paymentIntentId: intentId, cardNumber: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123' },
    ]);
    expect(callsTo('/api/image/add-credit').map((call) => call.body)).toEqual([{ paymentIntentId: intentId }]);
    expect(notify.success).toHaveBeenCalledWith(messages.paymentSuccessful);
    expect(vi.mocked(notify.dismissAll).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(notify.success).mock.invocationCallOrder[0]!,
    );
    expect(notify.error).not.toHaveBeenCalled();
    // The balance was read again after the credits were added.
    const creditReads = callsTo('/api/image/get-credit');
    expect(creditReads.length).toBeGreaterThanOrEqual(2);
    expect(calls.lastIndexOf(creditReads.at(-1)!)).toBeGreaterThan(calls.indexOf(callsTo('/api/image/add-credit')[0]!));
    // The next checkout starts from the plans again.
    expect(localStorage.getItem('itemo')).toBeNull();
  });

  it('a double click pays once', async () => {
    // The provider's answer is held, so every click lands while the first payment is in flight.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockServer({
      'POST /api/payments/local/confirm': async () => {
        await held;
        return [
          200,
          { success: true, message: messages.paymentSuccessful, paymentIntentId: intentId, status: 'succeeded' },
        ];
      },
    });
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByRole('button', { name: 'Pay now' });
    await fillCard(user, '4242424242424242');

    const button = screen.getByRole('button', { name: 'Pay now' });
    const form = button.closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    release();

    expect(await screen.findByRole('heading', { name: `Receipt of ${intentId}` })).toBeTruthy();
    expect(callsTo('/api/payments/local/confirm')).toHaveLength(1);
    expect(callsTo('/api/image/add-credit')).toHaveLength(1);
  });
});
