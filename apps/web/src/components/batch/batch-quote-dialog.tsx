import { batchQuote } from '@lumigen/contract/batches';
import { useRef } from 'react';
import { Button } from '../ui/button.tsx';
import { ModalDialog } from '../ui/modal-dialog.tsx';

/** The price of a batch, asked before it is sent: "12 pictures · 12 credits". Cancel has the focus. */
export function BatchQuoteDialog({
  action,
  pictures,
  credits,
  busy,
  onConfirm,
  onCancel,
  note = 'Each picture is one edit. A picture we cannot use is marked and not charged, and a failed edit is refunded.',
}: {
  action: string;
  pictures: number;
  credits: number;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
  note?: string;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      title={`${action}: ${pictures} pictures`}
      onClose={busy ? () => undefined : onCancel}
      initialFocus={cancel}
    >
      <div className="modal__body">
        <p>
          <strong>{batchQuote(pictures, credits)}</strong>
        </p>
        <p>{note}</p>
      </div>
      <div className="modal__actions">
        <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} busy={busy}>
          Run on {pictures} pictures
        </Button>
      </div>
    </ModalDialog>
  );
}
