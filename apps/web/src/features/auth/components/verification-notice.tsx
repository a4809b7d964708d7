import { messages } from '@lumigen/contract/messages';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useResendVerification } from '../api/resend-verification.ts';
import './verification-notice.css';

type Reply = { text: string; failed: boolean };

/**
 * Asks a signed-in user whose address is not confirmed yet to open the mailed link, and offers a
 * new one. Draws nothing for anyone else. Not dismissible: it goes away when the address is confirmed.
 */
export function VerificationNotice() {
  const { user, refreshCredit } = useAuth();
  const resending = useResendVerification();
  const [reply, setReply] = useState<Reply>();
  // undefined (an older answer without the field) is not "unconfirmed": say nothing rather than nag.
  if (user?.emailVerified !== false) return null;

  const resend = () =>
    resending.mutate(undefined, {
      onSuccess: ({ message }) => setReply({ text: message, failed: false }),
      onError: (error) => {
        setReply({ text: error.message, failed: true });
        // Confirmed meanwhile (another tab, another device): reload the session and the notice goes.
        if ((error as ApiError).status === 400 && error.message === messages.alreadyVerified) void refreshCredit();
      },
    });

  return (
    <div className="verification-notice" role="status">
      <div className="verification-notice__body">
        <Icon name="mail" className="verification-notice__icon" />
        <div className="verification-notice__text">
          <p className="verification-notice__title">Confirm your e-mail address</p>
          <p>
            Open the link we sent to <strong className="verification-notice__email">{user.email}</strong>, so you can
            always get back into your account.
          </p>
          {reply && (
            <p
              className={
                reply.failed
                  ? 'verification-notice__reply verification-notice__reply--failed'
                  : 'verification-notice__reply'
              }
            >
              {reply.text}
            </p>
          )}
        </div>
        <Button variant="secondary" className="verification-notice__action" busy={resending.isPending} onClick={resend}>
          Resend link
        </Button>
      </div>
    </div>
  );
}
