import { messages } from '@lumigen/contract/messages';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/text-field.tsx';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import type { DeleteForm } from '../form-schemas.ts';
import { showRefusal } from '../refusal.ts';
import { FormStatus } from './form-status.tsx';
import { ProfileCard } from './profile-section.tsx';

const resolver = lazyZodResolver(() => import('../form-schemas.ts').then((m) => m.deleteForm));

/** The danger zone: the account, its images and its history go, and the session with them. */
export function DeleteAccountSection() {
  const { forget } = useAuth();
  const navigate = useNavigate();
  const deleting = useDeleteAccount();
  const form = useForm<DeleteForm>({ resolver, defaultValues: { password: '', understood: false } });
  const { errors, isSubmitting } = form.formState;
  // The session is forgotten once this page has been left. Forgotten here, on a protected page,
  // it would send the visitor to /login first: the router changes pages in a transition, while
  // the session's token changes at once.
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) forget();
    },
    [forget],
  );

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const answer = await deleting.mutateAsync({ password });
      deleted.current = true;
      void navigate('/', { replace: true });
      notify.success(answer.message);
    } catch (error) {
      showRefusal(form, error, { [messages.wrongPassword]: 'password' });
    }
  });

  return (
    <ProfileCard
      tone="danger"
      title="Delete account"
      lead="Deletes your account with your images, your remaining credits and your history, for good. Export your data first if you want to keep any of it."
    >
      <form className="profile-form" onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <CheckboxField
          label="I understand that this deletes my account and everything in it, and cannot be undone."
          error={errors.understood?.message}
          {...form.register('understood')}
        />
        <FormStatus errors={errors} />
        <div className="profile-form__actions">
          <Button type="submit" variant="danger" busy={isSubmitting}>
            Delete my account
          </Button>
        </div>
      </form>
    </ProfileCard>
  );
}
