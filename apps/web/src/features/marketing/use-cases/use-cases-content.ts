import { menuLink } from '../../../lib/menu.ts';
import type { IconName } from '../../../components/ui/icon.tsx';

export type UseCase = {
  id: string;
  icon: IconName;
  audience: string;
  text: string;
  examples: string[];
  tool: { label: string; to: string };
};

/** docs/product.md §2: exactly these twelve audiences, in this order. */
export const useCases: UseCase[] = [
  {
    id: 'artists',
    icon: 'palette',
    audience: 'Artists',
    text: 'Sketch ideas in seconds, explore palettes and compositions, and use variations to push a concept further before you pick up the brush.',
    examples: ['Mood boards', 'Composition studies', 'Style exploration'],
    tool: { ...menuLink('/generate') },
  },
  {
    id: 'businesses',
    icon: 'briefcase',
    audience: 'Businesses',
    text: 'Produce on-brand visuals for presentations, reports, job ads and social channels without waiting for an agency slot.',
    examples: ['Slide visuals', 'Announcements', 'Recruiting posts'],
    tool: { ...menuLink('/generate') },
  },
  {
    id: 'content-creators',
    icon: 'video',
    audience: 'Content creators',
    text: 'Make thumbnails, channel art and story backgrounds in the exact sizes each platform wants, then clean up your own photos in the same place.',
    examples: ['Thumbnails', 'Story backgrounds', 'Channel art'],
    tool: { ...menuLink('/cleanup') },
  },
  {
    id: 'e-commerce',
    icon: 'cart',
    audience: 'E-commerce stores',
    text: 'Turn phone photos into clean product shots: remove the background, relight the product and upscale it for zoomable listings.',
    examples: ['White-background listings', 'Lifestyle scenes', 'Zoom-ready images'],
    tool: { ...menuLink('/removebg') },
  },
  {
    id: 'professionals',
    icon: 'user',
    audience: 'Professionals',
    text: 'Consultants, coaches and agents get polished visuals for proposals, profiles and listings without a photo shoot.',
    examples: ['Proposal covers', 'Profile banners', 'Listing photos'],
    tool: { ...menuLink('/upscale') },
  },
  {
    id: 'designers',
    icon: 'pen',
    audience: 'Designers',
    text: 'Skip the tedious parts: masks, cut-outs, canvas extensions and quick concept art, so more of your day goes into the design itself.',
    examples: ['Fast cut-outs', 'Canvas extension', 'Concept frames'],
    tool: { ...menuLink('/uncrop') },
  },
  {
    id: 'marketers',
    icon: 'megaphone',
    audience: 'Marketers',
    text: 'Test more creative for less: generate campaign visuals, spin variations for A/B tests and resize the winner for every placement.',
    examples: ['Ad creative', 'A/B variants', 'Landing page heroes'],
    tool: { ...menuLink('/variant') },
  },
  {
    id: 'writers',
    icon: 'book',
    audience: 'Writers',
    text: 'Give articles, newsletters and books a picture that matches the words: use your own sentences as the prompt.',
    examples: ['Article headers', 'Book mock-ups', 'Chapter art'],
    tool: { ...menuLink('/generate') },
  },
  {
    id: 'email-marketing',
    icon: 'mail',
    audience: 'Email marketing',
    text: 'Create light, sharp header images and product blocks that load fast, and remove baked-in text so your copy stays editable.',
    examples: ['Email headers', 'Product blocks', 'Seasonal banners'],
    tool: { ...menuLink('/removetxt') },
  },
  {
    id: 'education',
    icon: 'cap',
    audience: 'Educators and students',
    text: 'Illustrate lessons, posters and presentations with pictures made for the topic — five free credits are enough for a first project.',
    examples: ['Lesson slides', 'Science posters', 'Project reports'],
    tool: { ...menuLink('/generate') },
  },
  {
    id: 'web-developers',
    icon: 'code',
    audience: 'Website developers',
    text: 'Fill layouts with real images instead of grey boxes, extend hero pictures to any aspect ratio and upscale assets for high-density screens.',
    examples: ['Hero images', 'Placeholder-free mock-ups', 'Retina assets'],
    tool: { ...menuLink('/uncrop') },
  },
  {
    id: 'blogs-seo',
    icon: 'search',
    audience: 'Blogs and SEO',
    text: 'Publish original images instead of the same stock photo everyone uses, with landscape sizes ready for featured images and social previews.',
    examples: ['Featured images', 'Social previews', 'How-to illustrations'],
    tool: { ...menuLink('/generate') },
  },
];

export const withoutLumigen = [
  'Searching stock libraries for a photo that almost fits',
  'Waiting days for a designer to free up',
  'Paying a monthly subscription in the quiet months too',
  'Learning a professional photo editor for one cut-out',
  'Exporting between separate apps for each small fix',
  'Paying for attempts that went wrong',
];

export const withLumigen = [
  'Describing exactly the picture you need and getting it',
  'Finishing an image in minutes, on your own schedule',
  'Paying once for credits that never expire',
  'Removing a background in one click',
  'Generating and editing with one account and one balance',
  'Getting the credit back automatically when an action fails',
];
