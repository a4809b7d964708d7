import type { ToolId } from '@lumigen/contract/tools';

/**
 * The one table of Lumigen's image tools, the generator included: everything a page, a menu or a
 * label says about a tool comes from its entry here, so a tool has one name everywhere and adding
 * one is one entry (and its page, when it needs one of its own).
 *
 * - `title`: the tool's name — its page's heading, its jobs in Recent work.
 * - `menuLabel`: docs/product.md §2's label in the header and footer menus (kept as the specification has it).
 * - `action`: the main button, shown with the cost.
 * - `done`: what became of an image it made ("Background removed"), in the gallery and file names.
 * - `lead`: the hero's sentence under the title (the price is added to it).
 *
 * What each editing tool asks for besides the picture (its sliders, a prompt, a mask) is its page's
 * business: features/tools/tool-fields.ts. It stays out of this module because the header's menu
 * reads this one on every page, and the sliders' module would bring the server's texts along.
 */
export type CatalogueEntry = {
  id: 'generation' | 'edit' | ToolId;
  route: string;
  title: string;
  menuLabel: string;
  action: string;
  done: string;
  lead: string;
};

/** In docs/product.md §2's menu order. */
export const toolCatalogue = [
  {
    id: 'generation',
    route: '/generate',
    title: 'Image Generator',
    menuLabel: 'Image Generator',
    action: 'Generate',
    done: 'Generated',
    lead: 'Describe an image in words and Lumigen paints it.',
  },
  {
    id: 'edit',
    route: '/edit-with-words',
    title: 'Edit with words',
    menuLabel: 'Edit with words',
    action: 'Edit Image',
    done: 'Edited',
    lead: 'Say what should change in a picture, and Lumigen changes it.',
  },
  {
    id: 'upscale',
    route: '/upscale',
    title: 'Image Upscaling Tool',
    menuLabel: 'Image Upscaling Tool',
    action: 'Upscale Image',
    done: 'Upscaled',
    lead: 'Enlarge an image to up to 4096 pixels per side.',
  },
  {
    id: 'cleanup',
    route: '/cleanup',
    title: 'Image Cleanup Tool',
    menuLabel: 'Image Cleanup Tool',
    action: 'Clean Image',
    done: 'Cleaned up',
    lead: 'Paint over what should disappear — or upload a mask — and Lumigen fills it in.',
  },
  {
    id: 'product-photography',
    route: '/editimage',
    title: 'Product Photography',
    menuLabel: 'Photography Imagery',
    action: 'Make Product Photo',
    done: 'Product photo',
    lead: 'Place your product on a studio background, with light and shadow you control.',
  },
  {
    id: 'reimagine',
    route: '/variant',
    title: 'Image Variant',
    menuLabel: 'Image Variation Tool',
    action: 'Create Variant',
    done: 'Variant',
    lead: 'Create a fresh variant of an image you already like.',
  },
  {
    id: 'remove-background',
    route: '/removebg',
    title: 'Remove Background',
    menuLabel: 'Background Removal',
    action: 'Remove Background',
    done: 'Background removed',
    lead: 'Cut the subject out of any photo and get a transparent PNG.',
  },
  {
    id: 'remove-text',
    route: '/removetxt',
    title: 'Remove Text',
    menuLabel: 'Image Text Removal',
    action: 'Remove Text',
    done: 'Text removed',
    lead: 'Erase captions, labels and stray text from an image.',
  },
  {
    id: 'replace-background',
    route: '/addbg',
    title: 'Replace Background',
    menuLabel: 'Replace Background',
    action: 'Replace Background',
    done: 'Background replaced',
    lead: 'Keep the subject and describe a new scene behind it.',
  },
  {
    id: 'uncrop',
    route: '/uncrop',
    title: 'Image Crop & Uncrop',
    menuLabel: 'Image Crop & Uncrop',
    action: 'Uncrop/Crop',
    done: 'Uncropped',
    lead: 'Extend an image beyond its borders — or crop it with negative values.',
  },
] as const satisfies readonly CatalogueEntry[];

export type CatalogueId = (typeof toolCatalogue)[number]['id'];
export type CatalogueRoute = (typeof toolCatalogue)[number]['route'];

const byId = new Map<string, CatalogueEntry>(toolCatalogue.map((entry) => [entry.id, entry]));

/** A tool's entry by its id (a job's or an image's kind); undefined for anything else. */
export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return byId.get(id);
}

/** The editing tools alone, each on the one tool page (the generator and edit with words have pages of their own). */
export const editingTools = toolCatalogue.filter(
  (entry): entry is Extract<(typeof toolCatalogue)[number], { id: ToolId }> =>
    entry.id !== 'generation' && entry.id !== 'edit',
);
