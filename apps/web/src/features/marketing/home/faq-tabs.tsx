import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import './faq-tabs.css';

export type TabPanel = { id: string; label: string; content: ReactNode };

/** Topic tabs (arrow keys move between them) over one panel each; the first topic is shown. */
export function FaqTabs({ label, panels }: { label: string; panels: TabPanel[] }) {
  return (
    <Tabs.Root className="faq-tabs" defaultValue={panels[0]?.id}>
      <Tabs.List className="faq-tabs__list" aria-label={label}>
        {panels.map((panel) => (
          <Tabs.Trigger key={panel.id} value={panel.id} className="faq-tabs__tab">
            {panel.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {panels.map((panel) => (
        <Tabs.Content key={panel.id} value={panel.id} className="faq-tabs__panel">
          {panel.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
