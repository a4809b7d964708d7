/** The header menu exactly as docs/product.md §2 lists it; the footer reuses the same entries. */
export type MenuLink = { label: string; to: string };
export type MenuGroup = { label: string; items: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

export const toolLinks: MenuLink[] = [
  { label: 'Image Generator', to: '/generate' },
  { label: 'Image Upscaling Tool', to: '/upscale' },
  { label: 'Image Cleanup Tool', to: '/cleanup' },
  { label: 'Photography Imagery', to: '/editimage' },
  { label: 'Image Variation Tool', to: '/variant' },
  { label: 'Background Removal', to: '/removebg' },
  { label: 'Image Text Removal', to: '/removetxt' },
  { label: 'Replace Background', to: '/addbg' },
  { label: 'Image Crop & Uncrop', to: '/uncrop' },
];

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
