import { brand } from '@lumigen/contract/brand';
import { text } from '@lumigen/contract/fields';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { AuthCard } from './auth-card.tsx';

// Any non-empty address: until reset e-mails exist nothing is sent, so the format is not checked.
const resetForm = z.object({ email: text('Email', { max: 254 }) });
type ResetForm = z.input<typeof resetForm>;

/** E-mailed reset links arrive with the account-recovery work; until then the page says how to get help. */
export function ResetPage() {
  const [sentFrom, setSentFrom] = useState<string>();
  const form = useForm<ResetForm, unknown, z.output<typeof resetForm>>({ resolver: zodResolver(resetForm), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(({ email }) => setSentFrom(email));

  return (
    <AuthCard title="Reset your password" lead="Enter the e-mail address of your account." footer={<Link to="/login">Back to Login</Link>}>
      {sentFrom !== undefined ? (
        <p role="status">
          Automatic reset e-mails are not available yet. Write to <a href={`mailto:${brand.email}`}>{brand.email}</a> from {sentFrom} and we will reset
          your password within one business day.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <TextField label="Email" type="email" autoComplete="email" error={form.formState.errors.email?.message} required {...form.register('email')} />
          <Button type="submit" size="lg">
            Reset Password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
