import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import type { NewPasswordForm } from '../form-schemas.ts';
import { AuthCard } from './auth-card.tsx';
import { NewPasswordFields } from './auth-fields.tsx';

const resolver = lazyZodResolver(() => import('../form-schemas.ts').then((m) => m.newPasswordForm));

const backToLogin = <Link to="/login">Back to Login</Link>;

/** The page a reset link opens: a new password, then the user is signed in with it. */
export function NewPassword({ token }: { token: string }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const resetting = useResetPassword();
  const [refused, setRefused] = useState<string>();
  const form = useForm<NewPasswordForm>({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const result = await resetting.mutateAsync({ token, password });
      signIn(result.token, result.user);
      notify.success(result.message);
      void navigate('/generate', { replace: true });
    } catch (error) {
      const failure = error as ApiError;
      // The form already checked the password, so a 400 is about the link (not valid, expired, used):
      // that stays on the page, with the way out. Anything else (offline, too many tries) may pass.
      if (failure.status === 400) setRefused(failure.message);
      else notify.error(failure.message);
    }
  });

  if (refused) {
    return (
      <AuthCard
        title="This link cannot be used"
        lead="Reset links work once, for a short time, so that nobody else can use an old one."
        footer={backToLogin}
      >
        <p className="auth-card__problem" role="alert">
          {refused}
        </p>
        <ButtonLink to="/reset" replace size="lg">
          Request a new link
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      lead="Set the password you will log in with from now on. Other devices signed in to your account will be signed out."
      footer={backToLogin}
    >
      <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
        <NewPasswordFields
          label="New password"
          password={form.register('password')}
          confirmPassword={form.register('confirmPassword')}
          errors={errors}
        />
        <Button type="submit" size="lg" busy={isSubmitting}>
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
