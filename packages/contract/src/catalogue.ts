/**
 * The credit bundles on sale. The server charges and grants only what is written here; the
 * browser names a bundle and nothing else. One entry per plan, one label per plan (SPEC.md's
 * landing and pricing pages disagreed on discounts; DESIGN.md §4).
 */

export const bundleNames = ['Starter', 'Popular', 'Premium'] as const;
export type BundleName = (typeof bundleNames)[number];

export type Bundle = {
  name: BundleName;
  /** What is charged, in the smallest unit of `currency` (cents). */
  amountCents: number;
  currency: 'usd';
  /** Credits granted once the payment succeeds; one credit is one image or edit. */
  credits: number;
  /** The plan the pricing pages highlight. */
  popular: boolean;
  /** The plan's one label, derived from its price so it can never contradict it. */
  label: string;
  features: readonly string[];
};

type BundlePrice = Pick<Bundle, 'name' | 'amountCents' | 'credits' | 'popular'>;

const prices: readonly BundlePrice[] = [
  { name: 'Starter', amountCents: 500, credits: 5, popular: false },
  { name: 'Popular', amountCents: 2000, credits: 35, popular: true },
  { name: 'Premium', amountCents: 5000, credits: 100, popular: false },
];

const [base] = prices as [BundlePrice];
const baseCentsPerCredit = base.amountCents / base.credits;

/** Saving per credit against the Starter price, rounded down so it is never overstated. */
export function savingsPercent(bundle: Pick<Bundle, 'amountCents' | 'credits'>): number {
  return Math.floor((1 - bundle.amountCents / bundle.credits / baseCentsPerCredit) * 100 + 1e-9);
}

function labelOf(price: BundlePrice): string {
  const saving = savingsPercent(price);
  return saving > 0 ? `Save ${saving}%` : 'Pay as you go';
}

export const bundles: readonly Bundle[] = prices.map((price) => ({
  ...price,
  currency: 'usd',
  label: labelOf(price),
  features: [`${price.credits} images`, 'Basic Models', 'Image editing tools', 'Full customer support'],
}));

export function isBundleName(value: unknown): value is BundleName {
  return typeof value === 'string' && (bundleNames as readonly string[]).includes(value);
}

export function findBundle(name: BundleName): Bundle {
  const bundle = bundles.find((b) => b.name === name);
  if (!bundle) throw new Error(`bundle ${name} missing from the catalogue`);
  return bundle;
}

/** "$20.00" for 2000: prices are shown in dollars, kept in cents. */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
