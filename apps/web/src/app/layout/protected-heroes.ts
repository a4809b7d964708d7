import type { WorkPrice } from '@lumigen/contract/generation';
import type { JobKind } from '@lumigen/contract/jobs';
import { creditCosts, formatCost, localEngines } from '@lumigen/contract/pricing';
import { toolCatalogue, type CatalogueRoute } from '../../lib/tool-catalogue.ts';

/**
 * The hero of each protected page, in a module of its own: the router shows it (and the build
 * prerenders it) while the session is checked and the page's code loads, and the page itself
 * shows the same — so what paints first is what stays.
 */
export type Hero = {
  eyebrow: string;
  title: string;
  lead: string;
  documentTitle?: string;
  /** A tool's hero: what it does (`about`), then what its work costs. */
  priced?: { kind: JobKind; about: string };
};

const noun = (kind: JobKind) => (kind === 'generation' ? 'image' : 'picture');

/**
 * A tool's price in its lead, said before anything is uploaded. Prerendered (no `price`), it
 * cannot know this server's providers or the operator's prices: it says the default, and that a
 * local preview may be free (docs/decisions/051); once the server has answered, its price.
 */
export function pricedLead({ kind, about }: NonNullable<Hero['priced']>, price?: WorkPrice): string {
  if (price)
    return price.credits === 0
      ? `${about} Each ${noun(kind)} is a free preview on this server.`
      : `${about} Each ${noun(kind)} costs ${formatCost(price.credits)}.`;
  // An edit with words is priced as a generation (docs/decisions/057).
  const credits = kind === 'generation' || kind === 'edit' ? creditCosts.generation : creditCosts.edit;
  return `${about} Each ${noun(kind)} costs ${formatCost(credits)}${localEngines[kind] === 'preview' ? ', or nothing as a free preview' : ''}.`;
}

// The tools' heroes come from the catalogue: one name per tool, the same as its menu and jobs.
const toolHeroes = Object.fromEntries(
  toolCatalogue.map((entry) => {
    const priced = { kind: entry.id, about: entry.lead };
    return [entry.route, { eyebrow: 'AI tools', title: entry.title, lead: pricedLead(priced), priced }];
  }),
) as Record<CatalogueRoute, Hero>;

export const protectedHeroes = {
  ...toolHeroes,
  '/profile': {
    eyebrow: 'Account',
    title: 'Your profile',
    lead: 'Your balance and settings, where your credits went, your images and your data.',
  },
  '/checkout': {
    eyebrow: 'Checkout',
    title: 'Buy credits',
    documentTitle: 'Checkout',
    lead: 'Pay once for a bundle of credits: no subscription, nothing renews.',
  },
  '/checkout/complete': {
    eyebrow: 'Checkout',
    title: 'Thank you',
    documentTitle: 'Receipt',
    lead: 'Your receipt: what you bought, what it cost and your balance now.',
  },
} satisfies Record<string, Hero>;

export type ProtectedPath = keyof typeof protectedHeroes;
