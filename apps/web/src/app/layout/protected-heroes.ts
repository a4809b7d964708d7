import { creditCosts, formatCost } from '@lumigen/contract/pricing';

/**
 * The hero of each protected page, in a module of its own: the router shows it (and the build
 * prerenders it) while the session is checked and the page's code loads, and the page itself
 * shows the same — so what paints first is what stays.
 */
type Hero = { eyebrow: string; title: string; lead: string; documentTitle?: string };

// Each tool says its price in its lead, before anything is uploaded.
const tool = (title: string, lead: string, price = `Each picture costs ${formatCost(creditCosts.edit)}.`): Hero => ({ eyebrow: 'AI tools', title, lead: `${lead} ${price}` });

export const protectedHeroes = {
  '/generate': tool('Image Generator', 'Describe an image in words and Lumigen paints it.', `Each image costs ${formatCost(creditCosts.generation)}.`),
  '/removebg': tool('Remove Background', 'Cut the subject out of any photo and get a transparent PNG.'),
  '/removetxt': tool('Image Text Removal', 'Erase captions, watermarks and stray text from an image.'),
  '/editimage': tool('Photographic Imagery', 'Place your product on a studio background, with light and shadow you control.'),
  '/variant': tool('Image Variation Tool', 'Create a fresh variant of an image you already like.'),
  '/addbg': tool('Replace Background', 'Keep the subject and describe a new scene behind it.'),
  '/upscale': tool('Image Upscaling Tool', 'Enlarge an image to up to 4096 pixels per side.'),
  '/uncrop': tool('Image Crop & Uncrop', 'Extend an image beyond its borders — or crop it with negative values.'),
  '/cleanup': tool('Image Cleanup Tool', 'Paint over what should disappear — or upload a mask — and Lumigen fills it in.'),
  '/profile': { eyebrow: 'Account', title: 'Your profile', lead: 'Your balance and settings, where your credits went, your images and your data.' },
  '/checkout': { eyebrow: 'Checkout', title: 'Buy credits', documentTitle: 'Checkout', lead: 'Pay once for a bundle of credits: no subscription, nothing renews.' },
  '/checkout/complete': { eyebrow: 'Checkout', title: 'Thank you', documentTitle: 'Receipt', lead: 'Your receipt: what you bought, what it cost and your balance now.' },
} satisfies Record<string, Hero>;

export type ProtectedPath = keyof typeof protectedHeroes;
