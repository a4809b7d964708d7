import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import './pricing.css';

/**
 * docs/product.md §2: the plans sit under a single "Prepaid" tab. One tab in a real tablist keeps the
 * page ready for another billing mode without changing its structure, and reads correctly now.
 */
export function PlanTabs({ children }: { children: ReactNode }) {
  return (
    <Tabs.Root defaultValue="prepaid" className="plan-tabs">
      <Tabs.List className="plan-tabs__list" aria-label="Billing">
        <Tabs.Trigger value="prepaid" className="plan-tabs__tab">
          Prepaid
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="prepaid" className="plan-tabs__panel">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
