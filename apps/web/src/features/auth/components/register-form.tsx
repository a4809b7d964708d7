import { messages } from '@lumigen/contract/messages';
import { useForm } from 'react-hook-form';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRegister } from '../api/register.ts';
import type { RegisterForm } from '../form-schemas.ts';
import { EmailField, NewPasswordFields } from './auth-fields.tsx';
import { useSignInAndReturn } from './use-sign-in-and-return.ts';

const resolver = lazyZodResolver(() => import('../form-schemas.ts').then((m) => m.registerForm));

export function RegisterForm() {
  const signInWith = useSignInAndReturn();
  const registration = useRegister();
  const form = useForm<RegisterForm>({
    resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(({ name, email, password }) =>
    signInWith(() => registration.mutateAsync({ name, email, password }), messages.registered),
  );

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
