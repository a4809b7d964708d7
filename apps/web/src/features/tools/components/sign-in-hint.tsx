import { formatCost } from '@lumigen/contract/pricing';
import { Link, useLocation } from 'react-router';

/** For a visitor: running costs credits from an account, and where to get one. */
export function SignInHint({ cost }: { cost: number }) {
  const location = useLocation();
  return (
    <p className="field__hint">
      {cost === 0 ? 'Running it is free with an account:' : `Running it uses ${formatCost(cost)} from your account:`}{' '}
      <Link to="/login" state={{ from: location.pathname }}>
        log in
      </Link>{' '}
      or{' '}
      <Link to="/register" state={{ from: location.pathname }}>
        create a free account
      </Link>
      .
    </p>
  );
}
