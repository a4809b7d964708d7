import type { IconName } from '../../../components/ui/icon.tsx';

export type Benefit = { icon: IconName; title: string; text: string };

export const benefits: Benefit[] = [
  {
    icon: 'clock',
    title: 'Minutes, not days',
    text: 'Go from an idea to a finished picture while the coffee is still warm — no brief, no back-and-forth.',
  },
  {
    icon: 'sparkles',
    title: 'No design skills needed',
    text: 'If you can describe it, you can make it. Each tool does one job and asks only for what it needs.',
  },
  {
    icon: 'coins',
    title: 'Pay per image',
    text: 'Prepaid credits instead of a subscription: each image or edit shows its price before you start, and credits never expire.',
  },
  {
    icon: 'layers',
    title: 'Every edit in one place',
    text: 'Generate, cut out, clean up, relight, upscale and extend without exporting between five apps.',
  },
  {
    icon: 'lock',
    title: 'Private by default',
    text: 'Your uploads and results belong to your account and are never shown to other users.',
  },
  {
    icon: 'briefcase',
    title: 'Ready for business',
    text: 'Images made with paid credits can go straight into ads, shops, decks and print.',
  },
];

export type KeyFeature = { icon: IconName; title: string; text: string; to: string };

export const keyFeatures: KeyFeature[] = [
  {
    icon: 'sparkles',
    title: 'Text to image',
    text: 'Five sizes from 256 px squares to 1792 px banners, in Standard or HD.',
    to: '/generate',
  },
  {
    icon: 'scissors',
    title: 'Background removal',
    text: 'Transparent PNG cut-outs with clean edges around hair and fur.',
    to: '/removebg',
  },
  {
    icon: 'eraser',
    title: 'Cleanup',
    text: 'Paint over what should go; the gap is filled to match its surroundings.',
    to: '/cleanup',
  },
  {
    icon: 'expand',
    title: 'Upscaling',
    text: 'Enlarge to as much as 4096 px per side for print and sharp screens.',
    to: '/upscale',
  },
  {
    icon: 'copy',
    title: 'Variations',
    text: 'Fresh takes on an image that keep its subject and mood.',
    to: '/variant',
  },
  {
    icon: 'sun',
    title: 'Product lighting',
    text: 'Set light angle, direction and shadows for studio-style product shots.',
    to: '/editimage',
  },
];

/** docs/product.md §2: the team carousel shows staff titles only. */
export type TeamRole = { title: string; focus: string; icon: IconName };

export const team: TeamRole[] = [
  {
    title: 'Founder & CEO',
    focus: 'Sets where Lumigen goes next and keeps it close to its customers.',
    icon: 'target',
  },
  { title: 'Head of Research', focus: 'Chooses and tunes the models behind every tool.', icon: 'sparkles' },
  { title: 'Head of Product', focus: 'Turns what customers ask for into the next tool.', icon: 'layers' },
  { title: 'Lead Engineer', focus: 'Keeps generation fast and every credit accounted for.', icon: 'code' },
  { title: 'Design Lead', focus: 'Makes a powerful studio feel simple on any screen.', icon: 'palette' },
  { title: 'Customer Support Lead', focus: 'Makes sure every message gets a real answer.', icon: 'users' },
  { title: 'Trust & Safety Lead', focus: 'Protects people from misuse of generated images.', icon: 'shield' },
];

export type WhyItem = { id: string; title: string; text: string };

export const whyUs: WhyItem[] = [
  {
    id: 'honest-pricing',
    title: 'Honest, prepaid pricing',
    text: 'You buy a bundle once and spend it at your own pace. There is no renewal to forget, and a failed action never costs a credit — it is refunded automatically.',
  },
  {
    id: 'one-studio',
    title: 'One studio instead of five apps',
    text: 'Generation and eight editing tools share one account and one balance, so a picture can go from prompt to cut-out to upscaled banner without leaving the browser.',
  },
  {
    id: 'built-for-results',
    title: 'Built for finished work, not experiments',
    text: 'Sizes match real formats — social posts, banners, stories — and HD quality, transparent PNGs and 4096 px upscales are ready for print and shops.',
  },
  {
    id: 'privacy',
    title: 'Your images stay yours',
    text: 'Uploads and results are tied to your account. We do not show them to other users or use them in our marketing.',
  },
  {
    id: 'people',
    title: 'Real people behind the product',
    text: 'Write to us and a member of the team answers. Feedback from customers decides which tool we build next.',
  },
];

export const tickerWords = [
  'Text to image',
  'Background removal',
  'Replace background',
  'Cleanup',
  'Text removal',
  'Upscaling',
  'Variations',
  'Product lighting',
  'Crop & uncrop',
];
