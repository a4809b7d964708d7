import { resetTokenTtlMs } from '@lumigen/contract/accounts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useRequestReset } from '../api/request-reset.ts';
import type { ResetForm, ValidResetForm } from '../form-schemas.ts';
import { AuthCard } from './auth-card.tsx';

const resolver = lazyZodResolver(() => import('../form-schemas.ts').then((m) => m.resetForm));

type Sent = { email: string; message: string; again: boolean };

const backToLogin = <Link to="/login">Back to Login</Link>;

/** Asks for the account's address and mails it a reset link; the answer is the same whether or not it has an account. */
export function ResetRequest() {
  const requesting = useRequestReset();
  const [sent, setSent] = useState<Sent>();
  const form = useForm<ResetForm, unknown, ValidResetForm>({ resolver, defaultValues: { email: '' } });

  const send = async (address: string, again: boolean) => {
    try {
      const { message } = await requesting.mutateAsync({ email: address });
      setSent({ email: address, message, again });
    } catch (error) {
      notify.error((error as Error).message);
    }
  };
  const onSubmit = form.handleSubmit(({ email: address }) => send(address, false));

  if (sent) {
    return (
      <AuthCard title="Check your inbox" lead={sent.message} footer={backToLogin}>
        <div className="auth-card__status" role="status">
          {sent.again && <p className="auth-card__note">We sent another link; whichever you open first works.</p>}
          <p>
            Look for a message from Lumigen at <strong className="auth-card__address">{sent.email}</strong>. Its link
            works once, for {resetTokenTtlMs / 60_000} minutes. Nothing after a few minutes? Check your spam folder and
            the address, or send it again.
          </p>
        </div>
        <div className="auth-card__actions">
          <Button variant="secondary" busy={requesting.isPending} onClick={() => void send(sent.email, true)}>
            Send again
          </Button>
          <Button variant="ghost" onClick={() => setSent(undefined)}>
            Use another address
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={backToLogin}
    >
      <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          required
          {...form.register('email')}
        />
        <Button type="submit" size="lg" busy={form.formState.isSubmitting}>
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
