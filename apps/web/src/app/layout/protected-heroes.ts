import type { JobKind } from '@lumigen/contract/jobs';
import { creditCosts, formatCost, localEngines } from '@lumigen/contract/pricing';
import { toolCatalogue, type CatalogueRoute } from '../../lib/tool-catalogue.ts';

/**
 * The hero of each protected page, in a module of its own: the router shows it (and the build
 * prerenders it) while the session is checked and the page's code loads, and the page itself
 * shows the same — so what paints first is what stays.
 */
type Hero = { eyebrow: string; title: string; lead: string; documentTitle?: string };

// Each tool says its price in its lead, before anything is uploaded. Prerendered, it cannot know
// this server's providers: work a local preview may do says it may be free (docs/decisions/051).
function priceLead(kind: JobKind): string {
  // An edit with words is priced as a generation (docs/decisions/057).
  const price = formatCost(kind === 'generation' || kind === 'edit' ? creditCosts.generation : creditCosts.edit);
  return `Each ${kind === 'generation' ? 'image' : 'picture'} costs ${price}${localEngines[kind] === 'preview' ? ', or nothing as a free preview' : ''}.`;
}

// The tools' heroes come from the catalogue: one name per tool, the same as its menu and jobs.
const toolHeroes = Object.fromEntries(
  toolCatalogue.map((entry) => [
    entry.route,
    { eyebrow: 'AI tools', title: entry.title, lead: `${entry.lead} ${priceLead(entry.id)}` },
  ]),
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
