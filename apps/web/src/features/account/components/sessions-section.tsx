import type { SessionSummary } from '@lumigen/contract/accounts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/text-field.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useSessions } from '../api/get-sessions.ts';
import { useLogoutOthers } from '../api/logout-others.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { momentFormat } from '../date-format.ts';
import { ProfileSection } from './profile-section.tsx';

function SessionRow({ session }: { session: SessionSummary }) {
  const revoking = useRevokeSession();
  const signOut = () =>
    revoking.mutate(session.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(error.message),
    });
  return (
    <li className="profile-list__item">
      <div className="sessions__about">
        <p className="sessions__device">
          {session.device}
          {session.current && <span className="profile-badge">This device</span>}
        </p>
        <p className="sessions__times">
          <span className="sessions__time">
            Signed in <time dateTime={session.createdAt}>{momentFormat.format(new Date(session.createdAt))}</time>
          </span>{' '}
          <span className="sessions__time">
            Last used <time dateTime={session.lastUsedAt}>{momentFormat.format(new Date(session.lastUsedAt))}</time>
          </span>
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          onClick={signOut}
          busy={revoking.isPending}
          aria-label={`Sign out ${session.device}, signed in ${momentFormat.format(new Date(session.createdAt))}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Every device signed in to the account, and a way to end the ones that should not be. */
export function SessionsSection() {
  const { token } = useAuth();
  const sessions = useSessions(token);
  const endingOthers = useLogoutOthers();
  // Checked by default: a stranger's session may have left a key behind.
  const [revokeApiKeys, setRevokeApiKeys] = useState(true);
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;

  let content;
  if (sessions.isPending) content = <p role="status">Loading your sessions…</p>;
  else if (sessions.isError) content = <p role="alert">Your sessions could not be loaded: {sessions.error.message}</p>;
  else {
    // This device first, then the most recently used.
    const ordered = [...sessions.data.sessions].sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
    );
    content = (
      <>
        <ul className="profile-list">
          {ordered.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
        {others > 0 ? (
          <div className="profile-form__actions">
            <CheckboxField
              label="Also revoke every API key"
              checked={revokeApiKeys}
              onChange={(event) => setRevokeApiKeys(event.target.checked)}
            />
            <Button
              variant="secondary"
              busy={endingOthers.isPending}
              onClick={() =>
                endingOthers.mutate(
                  { revokeApiKeys },
                  {
                    onSuccess: (answer) => notify.success(answer.message),
                    onError: (error) => notify.error(error.message),
                  },
                )
              }
            >
              Sign out all other sessions
            </Button>
          </div>
        ) : (
          <p className="profile-note">You are signed in on this device only.</p>
        )}
      </>
    );
  }

  return (
    <ProfileSection
      id="sessions"
      title="Sessions"
      lead="Where your account is signed in. Sign out anywhere you do not recognise, then change your password."
    >
      <div className="profile-panel">{content}</div>
    </ProfileSection>
  );
}
