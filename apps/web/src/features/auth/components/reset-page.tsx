import { brand } from '@lumigen/contract/brand';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { AuthCard } from './auth-card.tsx';

/** E-mailed reset links arrive with the account-recovery work; until then the page says how to get help. */
export function ResetPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') return setError('Email is required');
    setError(undefined);
    setSent(true);
  };

  return (
    <AuthCard title="Reset your password" lead="Enter the e-mail address of your account." footer={<Link to="/login">Back to Login</Link>}>
      {sent ? (
        <p role="status">
          Automatic reset e-mails are not available yet. Write to <a href={`mailto:${brand.email}`}>{brand.email}</a> from {email.trim()} and we will
          reset your password within one business day.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} required />
          <Button type="submit" size="lg">
            Reset Password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
