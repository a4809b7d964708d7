import type { LoginRequest } from '@lumigen/contract/accounts';
import { messages } from '@lumigen/contract/messages';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/text-field.tsx';
import { useLogin } from '../api/login.ts';
import { useAuth } from '../../../lib/session.tsx';
import { returnPath } from '../return-path.ts';
import { EmailField } from './auth-fields.tsx';

const resolver = lazyZodResolver(() => import('@lumigen/contract/account-schemas').then((m) => m.loginRequest));

export function LoginForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const loggingIn = useLogin();
  const form = useForm<LoginRequest>({ resolver, defaultValues: { email: '', password: '', remember: false } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await loggingIn.mutateAsync(values);
      signIn(result.token, result.user);
      notify.success(messages.loggedIn);
      void navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      notify.error((error as Error).message);
    }
  });

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
