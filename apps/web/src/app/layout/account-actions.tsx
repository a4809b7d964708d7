import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { useAuth } from '../../lib/session.tsx';

/**
 * The balance, linking to the bundles; in the header bar at every width (on a phone too, where the
 * rest of the account sits in the menu drawer), and only for a signed-in user.
 */
export function CreditsLink({ className = '', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { token, credit } = useAuth();
  if (!token) return null;
  return (
    <Link to="/pricing" className={`account-actions__credits ${className}`.trim()} onClick={onNavigate}>
      {credit === undefined ? '… Credits' : `${credit} Credits`}
    </Link>
  );
}

/** Right side of the header: greeting and Logout (the balance beside them: `CreditsLink`), or Login and Get Started. */
export function AccountActions({ onNavigate }: { onNavigate?: () => void }) {
  const { token, sessionKnown, user, signOut } = useAuth();
  if (!token) {
    // Until the stored session is read (prerendered HTML), the place is kept but nothing shows:
    // a signed-in user would otherwise see Login and Get Started flash by.
    return (
      <div className={sessionKnown ? 'account-actions' : 'account-actions account-actions--pending'}>
        <ButtonLink to="/login" variant="ghost" onClick={onNavigate}>
          Login
        </ButtonLink>
        <ButtonLink to="/register" onClick={onNavigate}>
          Get Started
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="account-actions">
      {user?.role === 'admin' && (
        <Link to="/admin" className="account-actions__admin" onClick={onNavigate}>
          Admin
        </Link>
      )}
      <Link to="/profile" className="account-actions__hello" onClick={onNavigate}>
        {user ? `Hi, ${user.name}` : 'Hi'}
      </Link>
      <Button
        variant="secondary"
        onClick={() => {
          onNavigate?.();
          void signOut();
        }}
      >
        Logout
      </Button>
    </div>
  );
}
