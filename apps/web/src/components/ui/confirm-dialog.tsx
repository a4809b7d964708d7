import { useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { ModalDialog } from './modal-dialog.tsx';

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe button's words, when "Cancel" would be ambiguous (the action itself cancels something). */
  dismissLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  /** The confirmed action is running: both buttons wait for it. */
  busy?: boolean;
};

/** "Are you sure?" before something that cannot be undone. Cancel has the focus, so Enter is safe. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  dismissLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
}: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog title={title} onClose={busy ? () => undefined : onCancel} initialFocus={cancel}>
      <div className="modal__body">{children}</div>
      <div className="modal__actions">
        <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={busy}>
          {dismissLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
