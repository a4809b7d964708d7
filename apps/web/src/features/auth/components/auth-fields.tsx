import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field.tsx';

/** The account's address, as the login and register forms ask for it. */
export function EmailField({ error, ...registration }: UseFormRegisterReturn<'email'> & { error?: string }) {
  return <TextField label="Email" type="email" autoComplete="email" error={error} {...registration} />;
}

/** A password the user chooses, typed twice (registration, a reset link). */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  errors,
}: {
  label: string;
  password: UseFormRegisterReturn<'password'>;
  confirmPassword: UseFormRegisterReturn<'confirmPassword'>;
  errors: FieldErrors<{ password: string; confirmPassword: string }>;
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...password}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
    </>
  );
}
