import { CheckoutCompletePage } from '../../features/account/components/checkout-complete-page.tsx';

export function CheckoutCompleteRoute() {
  return <CheckoutCompletePage />;
}
