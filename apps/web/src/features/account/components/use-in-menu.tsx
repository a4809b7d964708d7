import { useRef } from 'react';
import { Link } from 'react-router';
import { toolLinks } from '../../../lib/menu.ts';

// Every tool page takes a picture through `?image=<id>`; the generator starts from words instead.
const imageTools = toolLinks.filter((tool) => tool.to !== '/generate');

/** "Use in…": the editing tools, each opening with this image already chosen. */
export function UseInMenu({ imageId, label }: { imageId: string; label: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  const close = () => {
    const element = details.current;
    if (!element?.open) return;
    element.open = false;
    element.querySelector('summary')?.focus();
  };
  return (
    <details
      ref={details}
      className="use-in"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      onBlur={(event) => {
        // Tabbing past the last tool closes the list, as a menu would.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null) && details.current)
          details.current.open = false;
      }}
    >
      <summary className="use-in__toggle" aria-label={`Use in…: ${label}`}>
        Use in…
      </summary>
      <ul className="use-in__list">
        {imageTools.map((tool) => (
          <li key={tool.to}>
            <Link className="use-in__link" to={`${tool.to}?image=${encodeURIComponent(imageId)}`}>
              {tool.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
