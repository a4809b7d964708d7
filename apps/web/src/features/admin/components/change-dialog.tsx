import { adminReasonLimits } from '@lumigen/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { confirmPassword } from '../api/confirm-password.ts';
import { adminQueryKey } from '../api/get-actions.ts';
import { useConfirmation } from './confirmation.tsx';
import '../../../components/ui/field.css';

type Props = {
  title: string;
  /** What will happen, in words, above the reason. */
  children?: ReactNode;
  confirmLabel: string;
  /** Makes the change with the reason typed; answers the server's message, shown as a toast. */
  run(reason: string): Promise<{ message: string }>;
  onClose(): void;
  danger?: boolean;
};

/**
 * Every change in the console goes through this dialog (docs/decisions/054): a reason, which the
 * audit log keeps, and the operator's password when the last confirmation is older than 15
 * minutes (or the server says so). On success every console query is read again.
 */
export function ChangeDialog({ title, children, confirmLabel, run, onClose, danger = false }: Props) {
  const { until, setUntil } = useConfirmation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  // A minute's margin: the server counts from its own clock.
  const [askPassword, setAskPassword] = useState(() => until - Date.now() < 60_000);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = reason.trim();
    if (typed.length < adminReasonLimits.min) {
      setError(`Reason must be at least ${adminReasonLimits.min} characters`);
      reasonField.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      if (askPassword) {
        const confirmed = await confirmPassword({ password });
        setUntil(new Date(confirmed.confirmedUntil).getTime());
        setAskPassword(false);
      }
      const { message } = await run(typed);
      notify.success(message);
      await queryClient.invalidateQueries({ queryKey: adminQueryKey });
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'confirm_password') {
        setUntil(0);
        setAskPassword(true);
      }
      const message = failure instanceof Error ? failure.message : String(failure);
      setError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={title} onClose={busy ? () => undefined : onClose} initialFocus={reasonField}>
      <form className="admin-change" onSubmit={(event) => void submit(event)} noValidate>
        {children && <div className="modal__body">{children}</div>}
        <div className="field">
          <label className="field__label" htmlFor={reasonId}>
            Reason (kept in the audit log)
          </label>
          <textarea
            ref={reasonField}
            id={reasonId}
            className="field__input admin-change__reason"
            rows={3}
            maxLength={adminReasonLimits.max}
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {askPassword && (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            hint="Changes need your password once every 15 minutes."
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="modal__actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
