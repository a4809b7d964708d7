import { messages } from '@lumigen/contract/messages';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRegister } from '../api/register.ts';
import { useAuth } from '../../../lib/session.tsx';
import type { RegisterForm } from '../form-schemas.ts';
import { returnPath } from '../return-path.ts';
import { EmailField, NewPasswordFields } from './auth-fields.tsx';

const resolver = lazyZodResolver(() => import('../form-schemas.ts').then((m) => m.registerForm));

export function RegisterForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const registration = useRegister();
  const form = useForm<RegisterForm>({
    resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    try {
      const result = await registration.mutateAsync({ name, email, password });
      signIn(result.token, result.user);
      notify.success(messages.registered);
      void navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      notify.error((error as Error).message);
    }
  });

  return (
    <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <NewPasswordFields
        label="Password"
        password={form.register('password')}
        confirmPassword={form.register('confirmPassword')}
        errors={errors}
      />
      <Button type="submit" size="lg" busy={isSubmitting}>
        Create account
      </Button>
    </form>
  );
}
