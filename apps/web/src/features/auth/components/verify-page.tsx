import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/session.tsx';
import { useVerifyEmail } from '../api/verify-email.ts';
import { useLinkToken } from '../use-link-token.ts';
import { AuthCard } from './auth-card.tsx';
import { VerificationNotice } from './verification-notice.tsx';

/**
 * The page a confirmation link opens (sign-up, a resend, a change of address): it sends the token
 * once and says what came of it. Signed in, the session is reloaded, so the header shows the new
 * balance and the notice asking to confirm goes away.
 */
export function VerifyPage() {
  const token = useLinkToken();
  const { token: session, user, refreshCredit } = useAuth();
  const verifying = useVerifyEmail();
  const { mutate: verify } = verifying;
  // A link works once: React's development double effects (and a re-render) must not send it twice.
  const sentFor = useRef<string>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    verify({ token });
  }, [token, verify]);

  useEffect(() => {
    if (verifying.isSuccess) void refreshCredit();
  }, [verifying.isSuccess, refreshCredit]);

  if (token === null) {
    return (
      <AuthCard
        title="Confirm your e-mail address"
        lead="This page confirms your address with the link we e-mailed you, and it was opened without one."
      >
        <p>Open the link in the e-mail from Lumigen, or ask for a new one on your profile.</p>
        <ButtonLink to="/profile" size="lg">
          Go to your profile
        </ButtonLink>
      </AuthCard>
    );
  }

  if (verifying.isSuccess) {
    return (
      <AuthCard
        title="E-mail address confirmed"
        lead="Thank you. You can always get back into your account through this address."
      >
        <p className="auth-card__status" role="status">
          {verifying.data.message}
        </p>
        {session ? (
          <ButtonLink to="/generate" size="lg">
            Start creating
          </ButtonLink>
        ) : (
          <ButtonLink to="/login" size="lg">
            Log in
          </ButtonLink>
        )}
      </AuthCard>
    );
  }

  if (verifying.isError) {
    return (
      <AuthCard
        title="We could not confirm your address"
        lead="Confirmation links work for a limited time, and only until the address is confirmed."
      >
        <p className="auth-card__problem" role="alert">
          {verifying.error.message}
        </p>
        {!session ? (
          <>
            <p>Log in to ask for a new link: the generator and your profile offer one.</p>
            <ButtonLink to="/login" size="lg">
              Log in
            </ButtonLink>
          </>
        ) : user?.emailVerified === false ? (
          <VerificationNotice />
        ) : user ? (
          <ButtonLink to="/generate" size="lg">
            Start creating
          </ButtonLink>
        ) : null}
      </AuthCard>
    );
  }

  // Prerendered, taking over, and while the link is checked.
  return (
    <AuthCard title="Confirming your e-mail address" lead="One moment while we check the link.">
      <p className="auth-card__pending" role="status">
        <Spinner size="1.5em" /> Confirming…
      </p>
    </AuthCard>
  );
}
