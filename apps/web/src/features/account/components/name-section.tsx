import type { UpdateProfileRequest } from '@lumigen/contract/accounts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import { FormStatus } from './form-status.tsx';
import { ProfileCard } from './profile-section.tsx';

const resolver = lazyZodResolver(() => import('@lumigen/contract/account-schemas').then((m) => m.updateProfileRequest));

function NameForm({ name, onDone }: { name: string; onDone(): void }) {
  const { refreshCredit } = useAuth();
  const updating = useUpdateProfile();
  const form = useForm<UpdateProfileRequest>({ resolver, defaultValues: { name } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await updating.mutateAsync(values);
      // The header greets the user by the name the session holds.
      await refreshCredit();
      notify.success(answer.message);
      onDone();
    } catch (error) {
      form.setError('root.server', { message: (error as Error).message });
    }
  });

  return (
    <form
      className="profile-form"
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      noValidate
    >
      <TextField label="Name" autoComplete="name" autoFocus error={errors.name?.message} {...form.register('name')} />
      <FormStatus errors={errors} />
      <div className="profile-form__actions">
        <Button type="submit" busy={isSubmitting}>
          Save name
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The name the app greets the user by: shown, and edited in place. */
export function NameSection() {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const edit = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from the form, the focus returns to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) edit.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <ProfileCard title="Name" lead="How Lumigen greets you.">
      {editing && user ? (
        <NameForm name={user.name} onDone={() => setEditing(false)} />
      ) : (
        <div className="profile-inline">
          <p className="profile-inline__value">{user?.name ?? '…'}</p>
          <Button
            ref={edit}
            variant="secondary"
            onClick={() => setEditing(true)}
            disabled={!user}
            aria-label="Edit name"
          >
            Edit
          </Button>
        </div>
      )}
    </ProfileCard>
  );
}
