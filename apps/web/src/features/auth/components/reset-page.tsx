import { useLinkToken } from '../use-link-token.ts';
import { NewPassword } from './new-password.tsx';
import { ResetRequest } from './reset-request.tsx';

/** /reset asks for the address to mail a link to; /reset#token=… (that link) sets the new password. */
export function ResetPage() {
  const token = useLinkToken();
  return token ? <NewPassword token={token} /> : <ResetRequest />;
}
