import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { cycleFocus } from '../../components/ui/cycle-focus.ts';
import { AccountActions } from './account-actions.tsx';
import { isGroup, menu } from '../../lib/menu.ts';

/**
 * The small-screen menu as a native modal <dialog>: the page behind is inert, Escape closes it and
 * focus returns to the menu button — no library weight on the first load.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="drawer"
      aria-labelledby="drawer-title"
      onClose={onClose}
      onKeyDown={cycleFocus}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="drawer__panel">
          <div className="drawer__top">
            <h2 id="drawer-title" className="drawer__title">
              Menu
            </h2>
            <button type="button" className="drawer__close" aria-label="Close menu" onClick={onClose}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="drawer__list">
              {menu.map((entry) =>
                isGroup(entry) ? (
                  <li key={entry.label}>
                    <p className="drawer__group">{entry.label}</p>
                    <ul className="drawer__sublist">
                      {entry.items.map((item) => (
                        <li key={item.to}>
                          <NavLink to={item.to} className="drawer__link" onClick={onClose}>
                            {item.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </li>
                ) : (
                  <li key={entry.to}>
                    <NavLink to={entry.to} end className="drawer__link" onClick={onClose}>
                      {entry.label}
                    </NavLink>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <AccountActions onNavigate={onClose} />
        </div>
      )}
    </dialog>
  );
}
