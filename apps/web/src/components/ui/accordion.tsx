import * as RadixAccordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import './accordion.css';

export type AccordionItem = { id: string; title: string; content: ReactNode };

/**
 * One item open at a time; the first open by default; clicking the open item closes it
 * (docs/product.md §2's pricing FAQ rules). Headings keep the page's outline in order.
 */
export function Accordion({ items, headingLevel = 3, defaultOpenFirst = true }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4; defaultOpenFirst?: boolean }) {
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <RadixAccordion.Root className="accordion" type="single" collapsible defaultValue={defaultOpenFirst ? items[0]?.id : undefined}>
      {items.map((item) => (
        <RadixAccordion.Item key={item.id} value={item.id} className="accordion__item">
          <RadixAccordion.Header asChild>
            <Heading className="accordion__heading">
              <RadixAccordion.Trigger className="accordion__trigger">
                {item.title}
                <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className="accordion__icon">
                  <path d="M3.5 6 8 10.5 12.5 6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className="accordion__content">
            <div className="accordion__body">{item.content}</div>
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
