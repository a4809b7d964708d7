import { jobKinds, type JobKind } from '@lumigen/contract/jobs';
import type { WorkPrice } from '@lumigen/contract/generation';
import { creditCosts, localEngines } from '@lumigen/contract/pricing';

/** The providers that may run a kind of work, in the order they are tried. */
export type ProviderChain = readonly string[];

/**
 * A preview when no real provider could run the work: every provider in its chain is local and
 * its engine is classed `preview` (`localEngines`, in the contract so the pages can word prices).
 */
export function isLocalPreview(kind: JobKind, chain: ProviderChain): boolean {
  return localEngines[kind] === 'preview' && chain.every((provider) => provider === 'local');
}

/** What each kind of work costs with these chains: a local preview its own price, anything else its price in the contract. */
export function workPrices(
  chainOf: (kind: JobKind) => ProviderChain,
  localPreviewCredits: number,
): Record<JobKind, WorkPrice> {
  const entries = jobKinds.map((kind): [JobKind, WorkPrice] => {
    const preview = isLocalPreview(kind, chainOf(kind));
    const listed = kind === 'generation' ? creditCosts.generation : creditCosts.edit;
    return [kind, { credits: preview ? localPreviewCredits : listed, preview }];
  });
  return Object.fromEntries(entries) as Record<JobKind, WorkPrice>;
}
