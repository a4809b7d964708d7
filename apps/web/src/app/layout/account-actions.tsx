import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { useAuth } from '../../lib/session.tsx';

/** Right side of the header: balance, greeting and Logout, or Login and Get Started. */
export function AccountActions({ onNavigate }: { onNavigate?: () => void }) {
  const { token, sessionKnown, user, credit, signOut } = useAuth();
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
      <Link to="/pricing" className="account-actions__credits" onClick={onNavigate}>
        {credit === undefined ? '… Credits' : `${credit} Credits`}
      </Link>
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
