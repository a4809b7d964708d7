import { creditCosts, formatCost } from '@lumigen/contract/pricing';
import { toolCatalogue, type CatalogueRoute } from '../../lib/tool-catalogue.ts';

/**
 * The hero of each protected page, in a module of its own: the router shows it (and the build
 * prerenders it) while the session is checked and the page's code loads, and the page itself
 * shows the same — so what paints first is what stays.
 */
type Hero = { eyebrow: string; title: string; lead: string; documentTitle?: string };

// Each tool says its price in its lead, before anything is uploaded.
const tool = (title: string, lead: string, price = `Each picture costs ${formatCost(creditCosts.edit)}.`): Hero => ({ eyebrow: 'AI tools', title, lead: `${lead} ${price}` });

// The tools' heroes come from the catalogue: one name per tool, the same as its menu and jobs.
const toolHeroes = Object.fromEntries(
  toolCatalogue.map((entry) => [
    entry.route,
    entry.id === 'generation' ? tool(entry.title, entry.lead, `Each image costs ${formatCost(creditCosts.generation)}.`) : tool(entry.title, entry.lead),
  ]),
) as Record<CatalogueRoute, Hero>;

export const protectedHeroes = {
  ...toolHeroes,
  '/profile': { eyebrow: 'Account', title: 'Your profile', lead: 'Your balance and settings, where your credits went, your images and your data.' },
  '/checkout': { eyebrow: 'Checkout', title: 'Buy credits', documentTitle: 'Checkout', lead: 'Pay once for a bundle of credits: no subscription, nothing renews.' },
  '/checkout/complete': { eyebrow: 'Checkout', title: 'Thank you', documentTitle: 'Receipt', lead: 'Your receipt: what you bought, what it cost and your balance now.' },
} satisfies Record<string, Hero>;

export type ProtectedPath = keyof typeof protectedHeroes;
