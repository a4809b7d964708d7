import { messages } from '@lumigen/contract/messages';
import { webMessages } from '@lumigen/contract/web-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../lib/session.tsx';
import { useAddCredit } from './api/add-credit.ts';

/** Why a payment did not go through, in the provider's words; `code` in Stripe's terms when known. */
export type PaymentFailure = { message: string; code?: string };

/** Thrown by a provider's confirmation when the payment did not succeed. */
export class PaymentError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'PaymentError';
    this.code = code;
  }
}

function failureOf(error: unknown): PaymentFailure {
  const { message, code } = error as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' && message !== '' ? message : webMessages.paymentFailed,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

export type Purchase = {
  busy: boolean;
  failure: PaymentFailure | undefined;
  /**
   * Runs one payment: `confirm` asks the provider and answers the paid intent's id. Then the
   * credits are added and `onPurchased` runs with the paid intent's id. A second call while one
   * runs is ignored.
   */
  pay(confirm: () => Promise<string>): Promise<void>;
};

/** What happens around any provider's confirmation: busy state, errors, add-credit, the new balance. */
export function usePurchase(onPurchased: (paymentIntentId: string) => void): Purchase {
  const { refreshCredit } = useAuth();
  const queryClient = useQueryClient();
  const { mutateAsync: addCredit } = useAddCredit();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure>();
  // State updates land a render later; a double click must not get past this in between.
  const running = useRef(false);

  const pay = useCallback(
    async (confirm: () => Promise<string>) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setFailure(undefined);

      let paymentIntentId: string;
      try {
        paymentIntentId = await confirm();
      } catch (error) {
        const refused = failureOf(error);
        setFailure(refused);
        notify.error(refused.message);
        // The attempt is on record now (declined); the list below shows it.
        void queryClient.invalidateQueries({ queryKey: ['payments'] });
        running.current = false;
        setBusy(false);
        return;
      }

      try {
        await addCredit({ paymentIntentId });
        // The declined card's toast of a moment ago would sit above this one and contradict it.
        notify.dismissAll();
        notify.success(messages.paymentSuccessful);
      } catch (error) {
        // The card was charged: paying again would charge it twice. The provider's webhook grants
        // the same purchase on its own, so say so and move on.
        notify.error(webMessages.paidNotCredited(failureOf(error).message));
      }
      await refreshCredit();
      running.current = false;
      onPurchased(paymentIntentId);
    },
    [onPurchased, queryClient, refreshCredit, addCredit],
  );

  return { busy, failure, pay };
}
