/**
 * The credit bundles: the only source of prices and credits, for the pricing pages, the checkout
 * and the server that charges. Amounts in US cents.
 */
export const bundleNames = ['Starter', 'Popular', 'Premium'] as const;
export type BundleName = (typeof bundleNames)[number];

export type Bundle = {
  name: BundleName;
  credits: number;
  amountCents: number;
  currency: 'usd';
  popular: boolean;
  /** One label per plan, shown wherever the plan appears. */
  label: string;
  summary: string;
};

const sharedFeatures = ['Basic Models', 'Image editing tools', 'Full customer support'];

export const bundles: readonly Bundle[] = [
  {
    name: 'Starter',
    credits: 5,
    amountCents: 500,
    currency: 'usd',
    popular: false,
    label: 'Try it out',
    summary: 'For a first project or a quick fix.',
  },
  {
    name: 'Popular',
    credits: 35,
    amountCents: 2000,
    currency: 'usd',
    popular: true,
    label: 'Most popular',
    summary: 'For creators and shops publishing every week.',
  },
  {
    name: 'Premium',
    credits: 100,
    amountCents: 5000,
    currency: 'usd',
    popular: false,
    label: 'Best value',
    summary: 'For teams and agencies with steady work.',
  },
];

export function findBundle(name: string): Bundle | undefined {
  return bundles.find((bundle) => bundle.name === name);
}

export function formatPrice(amountCents: number): string {
  return `$${(amountCents / 100).toFixed(amountCents % 100 === 0 ? 0 : 2)}`;
}

/** How many images a bundle's credits make when one generation costs `generationCredits`. */
export function imagesIn(bundle: Bundle, generationCredits: number): number {
  return generationCredits > 0 ? Math.floor(bundle.credits / generationCredits) : bundle.credits;
}

/**
 * A plan's feature lines ("35 images" first), computed from the current price of one generation
 * (docs/decisions/056) so that an operator's price change cannot leave a plan promising too much.
 */
export function bundleFeatures(bundle: Bundle, generationCredits: number): string[] {
  const images = imagesIn(bundle, generationCredits);
  const first = generationCredits > 0 ? `${images} image${images === 1 ? '' : 's'}` : `${bundle.credits} credits`;
  return [first, ...sharedFeatures];
}

/** What one generated image costs in money from this bundle, at `generationCredits` a generation. */
export function pricePerImage(bundle: Bundle, generationCredits: number): string {
  return formatPrice(Math.round((bundle.amountCents * generationCredits) / bundle.credits));
}
