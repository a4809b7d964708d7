import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { MenuGroup } from '../../lib/menu.ts';

/** A submenu as a disclosure: a button that shows a list of links; Escape and outside clicks close it. */
export function NavGroup({ group }: { group: MenuGroup }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <li
      ref={root}
      className="nav__item nav__item--group"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="nav__link nav__trigger"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        {group.label}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="nav__chevron">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={listId} className="nav__submenu" hidden={!open}>
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="nav__sublink">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
