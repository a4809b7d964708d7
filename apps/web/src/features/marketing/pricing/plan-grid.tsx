import { bundles } from '@lumigen/contract/catalogue';
import { PlanCard } from './plan-card.tsx';
import './plan-card.css';

/** The three bundles from the catalogue, side by side (one column on small screens). */
export function PlanGrid({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  return (
    <div className="plan-grid">
      {bundles.map((bundle) => (
        <PlanCard key={bundle.name} bundle={bundle} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
