import type { AuthResponse } from '@lumigen/contract/accounts';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { returnPath } from '../return-path.ts';

/**
 * Runs a call that opens a session (login, registration), signs the user in with its answer and
 * takes them back to the page they were headed for; a refusal is shown as a toast.
 */
export function useSignInAndReturn() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return async (call: () => Promise<AuthResponse>, success: string) => {
    try {
      const result = await call();
      signIn(result.token, result.user);
      notify.success(success);
      void navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      notify.error((error as Error).message);
    }
  };
}
