import { messages } from '@lumigen/contract/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/text-field.tsx';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { useChangePassword } from '../api/change-password.ts';
import type { PasswordForm } from '../form-schemas.ts';
import { showRefusal } from '../refusal.ts';
import { FormStatus } from './form-status.tsx';
import { ProfileCard } from './profile-section.tsx';

const resolver = lazyZodResolver(() => import('../form-schemas.ts').then((m) => m.passwordForm));

/** A new password signs out every other session; this one stays signed in. */
export function PasswordSection() {
  const changing = useChangePassword();
  const [done, setDone] = useState<string>();
  const form = useForm<PasswordForm>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeApiKeys: true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword, revokeApiKeys }) => {
    setDone(undefined);
    try {
      const answer = await changing.mutateAsync({ currentPassword, newPassword, revokeApiKeys: revokeApiKeys ?? true });
      form.reset();
      setDone(answer.message);
    } catch (error) {
      showRefusal(form, error, { [messages.wrongCurrentPassword]: 'currentPassword' });
    }
  });

  return (
    <ProfileCard
      title="Password"
      lead="Changing it signs out your other devices and, unless you untick the box, revokes your API keys; you stay signed in here."
    >
      <form className="profile-form" onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        {/* Checked by default: whoever knew the old password may have made a key. */}
        <CheckboxField label="Also revoke every API key" {...form.register('revokeApiKeys')} />
        <FormStatus errors={errors} done={done} />
        <div className="profile-form__actions">
          <Button type="submit" busy={isSubmitting}>
            Change password
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}
