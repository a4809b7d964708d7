import { bundleFeatures, formatPrice, pricePerImage, type Bundle } from '@lumigen/contract/catalogue';
import { Button } from '../../../components/ui/button.tsx';
import { useImageCredits } from '../../../lib/providers.ts';
import { useChoosePlan } from './use-choose-plan.ts';
import './plan-card.css';

export function PlanCard({ bundle, headingLevel = 3 }: { bundle: Bundle; headingLevel?: 2 | 3 }) {
  const choose = useChoosePlan();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The operator's current price of one image (docs/decisions/056); the default until the server answers.
  const imageCredits = useImageCredits();
  return (
    <article
      className={`plan-card${bundle.popular ? ' plan-card--popular' : ''}`}
      aria-labelledby={`plan-${bundle.name}`}
    >
      <p className="plan-card__label">{bundle.label}</p>
      <Heading id={`plan-${bundle.name}`} className="plan-card__name">
        {bundle.name}
      </Heading>
      <p className="plan-card__price">
        <span className="plan-card__amount">{formatPrice(bundle.amountCents)}</span>
        <span className="plan-card__unit"> prepaid · {bundle.credits} credits</span>
      </p>
      <p className="plan-card__summary">
        {bundle.summary} {pricePerImage(bundle, imageCredits)} per image.
      </p>
      <ul className="plan-card__features">
        {bundleFeatures(bundle, imageCredits).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Button
        variant={bundle.popular ? 'primary' : 'secondary'}
        onClick={() => choose(bundle.name)}
        aria-label={`Choose ${bundle.name}`}
      >
        Choose {bundle.name}
      </Button>
    </article>
  );
}
