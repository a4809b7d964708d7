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
  features: string[];
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
    features: ['5 images', ...sharedFeatures],
  },
  {
    name: 'Popular',
    credits: 35,
    amountCents: 2000,
    currency: 'usd',
    popular: true,
    label: 'Most popular',
    summary: 'For creators and shops publishing every week.',
    features: ['35 images', ...sharedFeatures],
  },
  {
    name: 'Premium',
    credits: 100,
    amountCents: 5000,
    currency: 'usd',
    popular: false,
    label: 'Best value',
    summary: 'For teams and agencies with steady work.',
    features: ['100 images', ...sharedFeatures],
  },
];

export function findBundle(name: string): Bundle | undefined {
  return bundles.find((bundle) => bundle.name === name);
}

export function formatPrice(amountCents: number): string {
  return `$${(amountCents / 100).toFixed(amountCents % 100 === 0 ? 0 : 2)}`;
}

/** Cents per credit, for "from $0.50 per image" copy. */
export function pricePerCredit(bundle: Bundle): string {
  return formatPrice(Math.round(bundle.amountCents / bundle.credits));
}
