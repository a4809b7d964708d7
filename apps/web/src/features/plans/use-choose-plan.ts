import type { BundleName } from '@lumigen/contract/catalogue';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context.tsx';

/** localStorage key of the chosen bundle (docs/product.md §3 keeps the name `itemo`). */
export const chosenPlanKey = 'itemo';

export function readChosenPlan(): string | null {
  try {
    return window.localStorage.getItem(chosenPlanKey);
  } catch {
    return null;
  }
}

/** After a purchase: the next visit to /checkout starts from the plans again, not from the old choice. */
export function forgetChosenPlan(): void {
  try {
    window.localStorage.removeItem(chosenPlanKey);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Remembers the plan, then goes to /checkout — through /login first when signed out. */
export function useChoosePlan() {
  const { token } = useAuth();
  const navigate = useNavigate();
  return (name: BundleName) => {
    try {
      window.localStorage.setItem(chosenPlanKey, name);
    } catch {
      // Without storage the checkout asks again; nothing to do here.
    }
    if (token) navigate('/checkout');
    else navigate('/login', { state: { from: '/checkout' } });
  };
}
