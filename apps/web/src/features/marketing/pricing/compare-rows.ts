import { bundles, formatPrice, imagesIn, type Bundle } from '@lumigen/contract/catalogue';
import { formatCost } from '@lumigen/contract/pricing';

/** A cell is text, or whether the plan includes the row's feature. */
export type Cell = string | boolean;
export type CompareRow = { label: string; hint?: string; cells: Cell[] };

const starter = bundles[0]!;

/** Saving per image against the Starter bundle: "—", "43%", "50%". */
function saving(bundle: Bundle): string {
  const percent = Math.round((1 - bundle.amountCents / bundle.credits / (starter.amountCents / starter.credits)) * 100);
  return percent > 0 ? `${percent}%` : '—';
}

/** Always with cents in the table ("$1.00", "$0.57") so the column lines up. */
const perImage = (bundle: Bundle, imageCredits: number) =>
  `$${((bundle.amountCents * imageCredits) / bundle.credits / 100).toFixed(2)}`;

const everyPlan = (cell: Cell) => bundles.map(() => cell);

/**
 * Every row derives from the contract's catalogue and the current price of one image
 * (`imageCredits`, docs/decisions/056), so the table cannot disagree with the cards.
 */
export const compareRows = (imageCredits: number): CompareRow[] => [
  {
    label: 'Credits',
    hint: `${formatCost(imageCredits)} = 1 image`,
    cells: bundles.map((bundle) => String(bundle.credits)),
  },
  { label: 'Images', cells: bundles.map((bundle) => String(imagesIn(bundle, imageCredits))) },
  { label: 'Price', hint: 'Paid once, no renewal', cells: bundles.map((bundle) => formatPrice(bundle.amountCents)) },
  { label: 'Price per image', cells: bundles.map((bundle) => perImage(bundle, imageCredits)) },
  { label: 'Saving per image', hint: 'Against Starter', cells: bundles.map(saving) },
  { label: 'AI models', cells: everyPlan('Basic Models') },
  { label: 'Image generator', cells: everyPlan(true) },
  { label: 'All eight editing tools', cells: everyPlan(true) },
  { label: 'Standard and HD quality', cells: everyPlan(true) },
  { label: 'Full customer support', cells: everyPlan(true) },
  { label: 'Commercial use', cells: everyPlan(true) },
  { label: 'Credits expire', cells: everyPlan('Never') },
];
