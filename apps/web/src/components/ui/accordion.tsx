import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import './accordion.css';

export type AccordionItem = { id: string; title: string; content: ReactNode };

/** Arrow keys, Home and End move between an accordion's headers (the WAI-ARIA accordion pattern). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const triggers = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>(
      ':scope > .accordion__item > .accordion__heading > .accordion__trigger',
    ),
  ];
  const at = triggers.indexOf(event.target as HTMLButtonElement);
  if (at < 0) return;
  const last = triggers.length - 1;
  const next = { ArrowDown: at === last ? 0 : at + 1, ArrowUp: at === 0 ? last : at - 1, Home: 0, End: last }[
    event.key
  ];
  if (next === undefined) return;
  event.preventDefault();
  triggers[next]!.focus();
}

/**
 * One item open at a time; the first open by default; clicking the open item closes it
 * (docs/product.md §2's pricing FAQ rules). Headings keep the page's outline in order. Our own,
 * not Radix's: its panels each measured themselves while the page was taken over, a forced layout
 * per item (decision 045). Closed answers stay in the HTML, hidden, for search engines.
 */
export function Accordion({
  items,
  headingLevel = 3,
  defaultOpenFirst = true,
}: {
  items: AccordionItem[];
  headingLevel?: 2 | 3 | 4;
  defaultOpenFirst?: boolean;
}) {
  const Heading = `h${headingLevel}` as 'h3';
  const [openId, setOpenId] = useState(defaultOpenFirst ? items[0]?.id : undefined);
  const base = useId();
  return (
    <div className="accordion" onKeyDown={moveFocus}>
      {items.map((item) => {
        const open = item.id === openId;
        const state = open ? 'open' : 'closed';
        return (
          <div key={item.id} className="accordion__item" data-state={state}>
            <Heading className="accordion__heading">
              <button
                type="button"
                id={`${base}-${item.id}`}
                className="accordion__trigger"
                aria-expanded={open}
                aria-controls={`${base}-${item.id}-panel`}
                data-state={state}
                onClick={() => setOpenId(open ? undefined : item.id)}
              >
                {item.title}
                <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className="accordion__icon">
                  <path
                    d="M3.5 6 8 10.5 12.5 6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </Heading>
            <div
              id={`${base}-${item.id}-panel`}
              role="region"
              aria-labelledby={`${base}-${item.id}`}
              className="accordion__content"
              data-state={state}
              hidden={!open}
            >
              <div className="accordion__body">{item.content}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
