import { jobKinds, type JobKind } from '@lumigen/contract/jobs';
import type { WorkPrice } from '@lumigen/contract/generation';
import { localEngines, priceActionFor, type PriceTable } from '@lumigen/contract/pricing';

/** The providers that may run a kind of work, in the order they are tried. */
export type ProviderChain = readonly string[];

/**
 * A preview when no real provider could run the work: every provider in its chain is local and
 * its engine is classed `preview` (`localEngines`, in the contract so the pages can word prices).
 */
export function isLocalPreview(kind: JobKind, chain: ProviderChain): boolean {
  return localEngines[kind] === 'preview' && chain.every((provider) => provider === 'local');
}

/**
 * What each kind of work costs with these chains at the operator's current prices
 * (docs/decisions/056): a local preview the preview price, anything else its own; a generation
 * at standard quality.
 */
export function workPrices(
  chainOf: (kind: JobKind) => ProviderChain,
  table: PriceTable,
): Record<JobKind, WorkPrice> & { generationHd: WorkPrice; imageCredits: number } {
  const entries = jobKinds.map((kind): [JobKind, WorkPrice] => {
    const preview = isLocalPreview(kind, chainOf(kind));
    return [kind, { credits: table[priceActionFor(kind, {}, preview)], preview }];
  });
  const generationPreview = isLocalPreview('generation', chainOf('generation'));
  return {
    ...(Object.fromEntries(entries) as Record<JobKind, WorkPrice>),
    generationHd: {
      credits: table[priceActionFor('generation', { quality: 'hd' }, generationPreview)],
      preview: generationPreview,
    },
    imageCredits: table.generation,
  };
}
