import type { BundleName } from '@lumigen/contract/catalogue';
import { useNavigate } from 'react-router';
import { rememberChosenPlan } from '../../../lib/chosen-plan.ts';
import { useAuth } from '../../../lib/session.tsx';

/** Remembers the plan, then goes to /checkout — through /login first when signed out. */
export function useChoosePlan() {
  const { token } = useAuth();
  const navigate = useNavigate();
  return (name: BundleName) => {
    rememberChosenPlan(name);
    if (token) void navigate('/checkout');
    else void navigate('/login', { state: { from: '/checkout' } });
  };
}
