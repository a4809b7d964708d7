import type { PaymentSummary } from '@lumigen/contract/payments';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditAnswer } from '../../../test/answers.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CheckoutCompletePage, receiptPath } from './checkout-complete-page.tsx';
import { PurchaseHistory } from './purchase-history.tsx';

const cardReceipt = 'https://pay.stripe.com/receipts/payment/CAcaFwoVYWNjdF8xTHVtaWdlbg';

const purchase = (values: Partial<PaymentSummary>): PaymentSummary => ({
  paymentIntentId: 'pi_0123456789',
  bundle: 'Popular',
  amount: 2000,
  currency: 'usd',
  credits: 35,
  status: 'succeeded',
  shortfallCredits: 0,
  shortfallSettledCredits: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...values,
});

/** The server as these two views talk to it: the balance and the purchase list. */
function serveAccount(payments: PaymentSummary[]) {
  mockServer({
    'POST /api/image/get-credit': creditAnswer({ creditBalance: 40, emailVerified: true }),
    'GET /api/payments': [200, { success: true, payments }],
  });
}

function renderAt(url: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/checkout/complete" element={<CheckoutCompletePage />} />
      <Route path="/profile" element={<PurchaseHistory />} />
    </Routes>,
    { path: url, token: 'test-token' },
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('the card receipt of a purchase', () => {
  it('the receipt page links to the provider’s receipt, in a new tab, when the purchase has one', async () => {
    serveAccount([purchase({ receiptUrl: cardReceipt })]);
    renderAt(receiptPath('pi_0123456789'));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeDefined();
    const link = screen.getByRole('link', { name: /^View the card receipt ?\(opens in a new tab\)$/ });
    expect(link.getAttribute('href')).toBe(cardReceipt);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('the receipt page offers no card receipt when the provider made none (test mode)', async () => {
    serveAccount([purchase({})]);
    renderAt(receiptPath('pi_0123456789'));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeDefined();
    expect(screen.queryByRole('link', { name: /card receipt/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start creating' })).toBeDefined();
  });

  it('the purchase history links each purchase to its receipt, and to the card receipt when there is one', async () => {
    serveAccount([
      purchase({ paymentIntentId: 'pi_with_card', receiptUrl: cardReceipt }),
      purchase({ paymentIntentId: 'pi_test_mode', bundle: 'Starter', credits: 5, amount: 500 }),
    ]);
    renderAt('/profile');
    const [, withCard, testMode] = await screen.findAllByRole('row');
    expect(
      within(withCard!)
        .getByRole('link', { name: /^Receipt: Popular/ })
        .getAttribute('href'),
    ).toBe(receiptPath('pi_with_card'));
    expect(
      within(withCard!)
        .getByRole('link', { name: /^Card receipt: Popular, .* \(opens in a new tab\)$/ })
        .getAttribute('href'),
    ).toBe(cardReceipt);
    expect(
      within(testMode!)
        .getByRole('link', { name: /^Receipt: Starter/ })
        .getAttribute('href'),
    ).toBe(receiptPath('pi_test_mode'));
    expect(within(testMode!).queryByRole('link', { name: /card receipt/i })).toBeNull();
  });
});
