import { useState, type CSSProperties, type ReactNode } from 'react';
import './ticker.css';

/**
 * Rows that scroll sideways for ever (a CSS animation over two copies of the content; the second
 * copy is hidden from assistive technology and its links from the keyboard). They pause while
 * hovered or focused and with the group's pause button, and stand still under reduced motion.
 */
export function TickerGroup({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const [paused, setPaused] = useState(false);
  return (
    <div className={['ticker-group', className ?? ''].join(' ')} data-paused={paused || undefined}>
      {children}
      <button type="button" className="ticker-group__toggle" onClick={() => setPaused((value) => !value)}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          {paused ? (
            <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
          ) : (
            <path d="M4 2.5h3v11H4zm5 0h3v11H9z" fill="currentColor" />
          )}
        </svg>
        <span className="visually-hidden">{paused ? `Play ${label}` : `Pause ${label}`}</span>
      </button>
    </div>
  );
}

/** `copies`: how many times the items are laid end to end; enough that one copy outlasts the widest screen. */
export function Ticker<T>({
  items,
  render,
  reverse = false,
  copies = 2,
  className,
}: {
  items: T[];
  render: (item: T, copy: boolean) => ReactNode;
  reverse?: boolean;
  copies?: number;
  className?: string;
}) {
  return (
    <div
      className={['ticker', className ?? ''].join(' ')}
      data-reverse={reverse || undefined}
      style={{ '--ticker-copies': copies } as CSSProperties}
    >
      <div className="ticker__track">
        {Array.from({ length: copies }, (_, copy) => (
          <ul key={copy} className="ticker__list" aria-hidden={copy > 0 || undefined}>
            {items.map((item, index) => (
              <li key={index}>{render(item, copy > 0)}</li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  );
}
