import { toolCatalogue } from './tool-catalogue.ts';

/** The header menu exactly as docs/product.md §2 lists it; the footer reuses the same entries. */
export type MenuLink = { label: string; to: string };
export type MenuGroup = { label: string; items: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

/** The Tools group: the catalogue's menu labels, in its order. */
export const toolLinks: MenuLink[] = toolCatalogue.map((tool) => ({ label: tool.menuLabel, to: tool.route }));

/** A tool's menu entry by its route, for pages that link to tools under their menu names. */
export function menuLink(route: string): MenuLink {
  const link = toolLinks.find((candidate) => candidate.to === route);
  if (!link) throw new Error(`no tool at ${route} in the catalogue`);
  return link;
}

export const aboutLinks: MenuLink[] = [
  { label: 'About Us', to: '/about' },
  { label: 'Use Cases', to: '/use-cases' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Newsletter', to: '/newsletter' },
  { label: 'Featured', to: '/featured' },
];

export const menu: MenuEntry[] = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Tools', items: toolLinks },
  { label: 'About Us', items: aboutLinks },
  { label: 'Contact Us', to: '/contact' },
];

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'items' in entry;
}
