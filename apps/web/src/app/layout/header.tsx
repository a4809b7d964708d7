import { useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { AccountActions, CreditsLink } from './account-actions.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { Logo } from './logo.tsx';
import { isGroup, menu } from '../../lib/menu.ts';
import { NavGroup } from './nav-group.tsx';
import { useHeaderCrossed } from './use-header-crossed.ts';
import './header.css';

export function Header() {
  const header = useRef<HTMLElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useHeaderCrossed(header);
  const close = () => setDrawerOpen(false);

  return (
    <header ref={header} className="site-header">
      <div className="site-header__inner">
        <Logo />
        <nav className="nav nav--desktop" aria-label="Main">
          <ul className="nav__list">
            {menu.map((entry) =>
              isGroup(entry) ? (
                <NavGroup key={entry.label} group={entry} />
              ) : (
                <li key={entry.to} className="nav__item">
                  <NavLink to={entry.to} end className="nav__link">
                    {entry.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <CreditsLink className="site-header__credits" />
        <div className="site-header__account">
          <AccountActions />
        </div>

        <button
          type="button"
          className="site-header__menu-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          onClick={() => setDrawerOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <MobileDrawer open={drawerOpen} onClose={close} />
      </div>
    </header>
  );
}
