import { CheckoutPage } from '../../features/account/components/checkout-page.tsx';

export function CheckoutRoute() {
  return <CheckoutPage />;
}
