import type { LoginRequest } from '@lumigen/contract/accounts';
import { messages } from '@lumigen/contract/messages';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/text-field.tsx';
import { useLogin } from '../api/login.ts';
import { EmailField } from './auth-fields.tsx';
import { useSignInAndReturn } from './use-sign-in-and-return.ts';

const resolver = lazyZodResolver(() => import('@lumigen/contract/account-schemas').then((m) => m.loginRequest));

export function LoginForm() {
  const signInWith = useSignInAndReturn();
  const loggingIn = useLogin();
  const form = useForm<LoginRequest>({ resolver, defaultValues: { email: '', password: '', remember: false } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) => signInWith(() => loggingIn.mutateAsync(values), messages.loggedIn));

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="auth-card__row">
        <CheckboxField label="Remember me" {...form.register('remember')} />
        <Link to="/reset">Forgot Password?</Link>
      </div>
      <Button type="submit" size="lg" busy={isSubmitting}>
        Login
      </Button>
    </form>
  );
}
