import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** The confirmation a revoke button opens, in the form the page's ChangeDialog takes. */
type RevokeChange = {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  run(reason: string): Promise<{ message: string }>;
};

type Props = {
  /** What goes, in words ("Revoke the key Nightly"): the button's accessible name and the dialog's title. */
  label: string;
  danger?: boolean;
  /** Revokes the item with the reason typed. */
  run(reason: string): Promise<{ message: string }>;
  onRevoke(change: RevokeChange): void;
  /** The row's cells before its button. */
  children: ReactNode;
};

/** A row of a customer's sessions or keys that ends in a Revoke button asking for a reason. */
export function RevokeRow({ label, danger, run, onRevoke, children }: Props) {
  return (
    <tr>
      {children}
      <td>
        <Button
          variant="secondary"
          aria-label={label}
          onClick={() => onRevoke({ title: label, confirmLabel: 'Revoke', danger, run })}
        >
          Revoke
        </Button>
      </td>
    </tr>
  );
}
