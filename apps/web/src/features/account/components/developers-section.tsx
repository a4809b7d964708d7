import {
  apiKeyNameLimit,
  apiKeyScopeLabels,
  apiKeyScopes,
  type ApiKeyScope,
  type ApiKeySummary,
} from '@lumigen/contract/api-keys';
import { formatCost } from '@lumigen/contract/pricing';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { momentFormat } from '../date-format.ts';
import type { KeyForm } from '../form-schemas.ts';
import { showRefusal } from '../refusal.ts';
import { FormStatus } from './form-status.tsx';
import { ProfileCard, ProfileSection } from './profile-section.tsx';
import './developers.css';

const scopeNames: Record<ApiKeyScope, string> = { generate: 'Generate', tools: 'Tools', read: 'Read' };

const resolver = lazyZodResolver(() => import('../form-schemas.ts').then((m) => m.keyForm));

/** The key just made, shown this once with a way to copy it. */
function NewKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  // Read out and in view at once: it is the one thing to do now.
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
      notify.success('Key copied to the clipboard');
    } catch {
      // No clipboard (an old browser, a denied permission): select it for Ctrl+C instead.
      field.current?.select();
      notify.info('Press Ctrl+C (⌘C on a Mac) to copy the selected key');
    }
  };

  return (
    <section className="new-key" aria-labelledby="new-key-title">
      <h3 id="new-key-title" className="new-key__title" tabIndex={-1} ref={heading}>
        Your new key “{name}”
      </h3>
      <p className="new-key__warning">
        <strong>Copy it now: you won’t see it again.</strong> We keep only a fingerprint of it, so nobody, us included,
        can show it to you later.
      </p>
      <div className="new-key__row">
        <label className="visually-hidden" htmlFor="new-key-value">
          API key
        </label>
        <input
          id="new-key-value"
          ref={field}
          className="new-key__value"
          readOnly
          value={apiKey}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
        />
        <Button onClick={copy}>{copied ? 'Copied' : 'Copy key'}</Button>
      </div>
      <div className="profile-form__actions">
        <Button variant="secondary" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated(created: { name: string; key: string }): void }) {
  const creating = useCreateApiKey();
  const form = useForm<KeyForm>({
    resolver,
    defaultValues: { name: '', scopes: [...apiKeyScopes], dailyCreditCap: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, scopes, dailyCreditCap }) => {
    try {
      const cap = dailyCreditCap.trim();
      const answer = await creating.mutateAsync({ name, scopes, dailyCreditCap: cap === '' ? null : Number(cap) });
      onCreated({ name: name.trim(), key: answer.key });
      form.reset();
    } catch (error) {
      showRefusal(form, error, {});
    }
  });

  return (
    <form
      className="profile-form"
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      noValidate
      aria-label="Create an API key"
    >
      <TextField
        label="Name"
        placeholder="Nightly thumbnails"
        maxLength={apiKeyNameLimit}
        autoComplete="off"
        error={errors.name?.message}
        hint="So you know which program uses it."
        {...form.register('name')}
      />
      <fieldset className="key-scopes" aria-describedby={errors.scopes ? 'key-scopes-error' : undefined}>
        <legend className="field__label">What it may do</legend>
        {apiKeyScopes.map((scope) => (
          <label key={scope} className="key-scopes__option">
            <input type="checkbox" value={scope} {...form.register('scopes')} />
            <span>
              <span className="key-scopes__name">{scopeNames[scope]}</span>{' '}
              <span className="key-scopes__hint">{apiKeyScopeLabels[scope]}</span>
            </span>
          </label>
        ))}
        {errors.scopes && (
          <p className="field__error" id="key-scopes-error" role="alert">
            {errors.scopes.message}
          </p>
        )}
      </fieldset>
      <TextField
        label="Daily credit cap (optional)"
        inputMode="numeric"
        autoComplete="off"
        placeholder="No cap"
        error={errors.dailyCreditCap?.message}
        hint="The most this key may spend per day (resets at 00:00 UTC). Leave it empty to let it spend your whole balance."
        {...form.register('dailyCreditCap')}
      />
      <FormStatus errors={errors} />
      <div className="profile-form__actions">
        <Button type="submit" busy={isSubmitting}>
          Create key
        </Button>
      </div>
    </form>
  );
}

function spentText(key: ApiKeySummary): string {
  return key.dailyCreditCap === null
    ? `${formatCost(key.spentToday)} today`
    : `${key.spentToday} of ${formatCost(key.dailyCreditCap)} today`;
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke(): void }) {
  return (
    <li className="profile-list__item">
      <div className="api-keys__about">
        <p className="api-keys__name">
          {apiKey.name} <code className="api-keys__prefix">{apiKey.prefix}…</code>
        </p>
        <p className="api-keys__scopes">
          {apiKey.scopes.map((scope) => (
            <span key={scope} className="profile-badge api-keys__scope">
              {scopeNames[scope]}
            </span>
          ))}
        </p>
        <p className="api-keys__facts">
          <span className="api-keys__fact">
            Created <time dateTime={apiKey.createdAt}>{momentFormat.format(new Date(apiKey.createdAt))}</time>
          </span>{' '}
          <span className="api-keys__fact">
            {apiKey.lastUsedAt ? (
              <>
                Last used <time dateTime={apiKey.lastUsedAt}>{momentFormat.format(new Date(apiKey.lastUsedAt))}</time>
              </>
            ) : (
              'Never used'
            )}
          </span>{' '}
          <span className="api-keys__fact">Spent {spentText(apiKey)}</span>
        </p>
      </div>
      <Button variant="secondary" onClick={onRevoke} aria-label={`Revoke the key ${apiKey.name} (${apiKey.prefix}…)`}>
        Revoke
      </Button>
    </li>
  );
}

function KeyList() {
  const { token } = useAuth();
  const keys = useApiKeys(token);
  const revoking = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKeySummary | null>(null);

  if (keys.isPending) return <p role="status">Loading your API keys…</p>;
  if (keys.isError) return <p role="alert">Your API keys could not be loaded: {keys.error.message}</p>;
  if (keys.data.keys.length === 0)
    return <p className="profile-note">No keys yet. Create one to call Lumigen from your own code.</p>;

  const revoke = () => {
    if (!confirming) return;
    revoking.mutate(confirming.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(error.message),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <>
      <ul className="profile-list" aria-label="Your API keys">
        {keys.data.keys.map((key) => (
          <KeyRow key={key.id} apiKey={key} onRevoke={() => setConfirming(key)} />
        ))}
      </ul>
      {confirming && (
        <ConfirmDialog
          title={`Revoke “${confirming.name}”?`}
          confirmLabel="Revoke key"
          busy={revoking.isPending}
          onConfirm={revoke}
          onCancel={() => setConfirming(null)}
        >
          <p>
            Programs using <code>{confirming.prefix}…</code> stop working at once and get “This API key has been
            revoked”. This cannot be undone; you can create a new key.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * API keys for the user's own scripts (decision 027): made here, shown once, listed by their
 * prefix, revoked with a confirmation. Calls made with them spend this account's credits.
 */
export function DevelopersSection() {
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <ProfileSection
      id="developers"
      title="Developers"
      lead={
        <>
          API keys let your own code generate and edit images with your credits. Code written for OpenAI’s Images API
          works with base URL <code>{origin}/v1</code>; code written for Clipdrop, with <code>{origin}/clipdrop</code>.
        </>
      }
    >
      <div className="profile-grid api-keys">
        <ProfileCard
          title="Create a key"
          lead="Give each program its own key, with only what it needs and a daily cap, so one leak is easy to stop."
        >
          {created ? (
            <NewKey name={created.name} apiKey={created.key} onDone={() => setCreated(null)} />
          ) : (
            <CreateKeyForm onCreated={setCreated} />
          )}
        </ProfileCard>
        <ProfileCard title="Your keys" lead="Each key is shown by its first characters only.">
          <KeyList />
        </ProfileCard>
      </div>
    </ProfileSection>
  );
}
