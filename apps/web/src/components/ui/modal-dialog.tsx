import { useEffect, useId, useRef, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import { cycleFocus } from './cycle-focus.ts';
import './modal-dialog.css';

type Props = {
  title: string;
  /** Escape, the close button and a click on the backdrop all call it; the caller unmounts the dialog. */
  onClose(): void;
  children: ReactNode;
  /** What takes the focus when the dialog opens (the safe choice of a confirmation); else the close button. */
  initialFocus?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'lg';
};

/**
 * React passes a dialog's events on to the dialogs around it (a question asked over a recipe's
 * run): each dialog answers only its own, so Escape on the inner one does not close the outer.
 */
const fromThisDialog = (event: SyntheticEvent<HTMLDialogElement>) =>
  (event.target as Element).closest('dialog') === event.currentTarget;

/**
 * A modal dialog on the native <dialog>: open while mounted, the page behind inert, Escape and
 * the backdrop close it, Tab stays inside, and the focus goes back where it came from.
 */
export function ModalDialog({ title, onClose, children, initialFocus, size = 'sm' }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    (initialFocus?.current ?? closeButton.current)?.focus();
    return () => {
      if (element.open) element.close();
      // The opener may be gone (a deleted image's button); then the browser picks.
      if (opener?.isConnected) opener.focus();
    };
    // Opened once per mount: a re-render must not take the focus back to the start.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, []);

  return (
    <dialog
      ref={dialog}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (fromThisDialog(event)) cycleFocus(event);
      }}
      // Escape: the browser would close the dialog itself; the caller decides instead, by unmounting.
      onCancel={(event) => {
        if (!fromThisDialog(event)) return;
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal__panel">
        <div className="modal__top">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button ref={closeButton} type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
