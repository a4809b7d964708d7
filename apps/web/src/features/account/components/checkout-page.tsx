import { findBundle } from '@lumigen/contract/catalogue';
import { webMessages } from '@lumigen/contract/web-messages';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Checkout } from './checkout.tsx';
import { receiptPath } from './checkout-complete-page.tsx';
import { forgetChosenPlan, readChosenPlan } from '../../../lib/chosen-plan.ts';
import { notify } from '../../../lib/notify.ts';

/** docs/product.md §2 and §4: buys the bundle chosen on the plans (localStorage `itemo`), then shows the receipt. */
export function CheckoutPage() {
  const navigate = useNavigate();
  // Read once: the attempt is for the bundle chosen when the page opened.
  const [bundle] = useState(() => findBundle(readChosenPlan() ?? ''));

  useEffect(() => {
    if (bundle) return;
    notify.info(webMessages.choosePlanFirst, { toastId: 'choose-plan' });
    void navigate('/pricing', { replace: true });
  }, [bundle, navigate]);

  const purchased = useCallback(
    (paymentIntentId: string) => {
      forgetChosenPlan();
      void navigate(receiptPath(paymentIntentId));
    },
    [navigate],
  );

  return bundle ? <Checkout bundle={bundle} onPurchased={purchased} /> : null;
}
