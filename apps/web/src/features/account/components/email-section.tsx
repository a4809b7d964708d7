import { messages } from '@lumigen/contract/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useChangeEmail } from '../api/change-email.ts';
import { showRefusal } from '../refusal.ts';
import { FormStatus } from './form-status.tsx';
import { ProfileCard } from './profile-section.tsx';

const resolver = lazyZodResolver(() => import('@lumigen/contract/account-schemas').then((m) => m.changeEmailRequest));

/** A new address takes effect only from the link mailed to it, so the form ends with what the server said. */
export function EmailSection() {
  const { user } = useAuth();
  const changing = useChangeEmail();
  const [done, setDone] = useState<string>();
  const form = useForm({ resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setDone(undefined);
    try {
      const answer = await changing.mutateAsync(values);
      form.reset();
      setDone(answer.message);
    } catch (error) {
      showRefusal(form, error, {
        [messages.wrongPassword]: 'password',
        [messages.emailTaken]: 'email',
        [messages.emailUnchanged]: 'email',
        [messages.disposableEmail]: 'email',
      });
    }
  });

  return (
    <ProfileCard
      title="E-mail"
      lead={
        <>
          Now <strong className="profile-card__value">{user?.email ?? '…'}</strong>. We send a link to the new address;
          it changes when you open it.
        </>
      }
    >
      <form className="profile-form" onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormStatus errors={errors} done={done} />
        <div className="profile-form__actions">
          <Button type="submit" busy={isSubmitting}>
            Change e-mail
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}
