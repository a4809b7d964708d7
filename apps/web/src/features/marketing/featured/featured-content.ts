import { menuLink } from '../../../lib/menu.ts';
import type { Scene } from '../components/art.tsx';
import type { IconName } from '../../../components/ui/icon.tsx';

export type ToolLink = { label: string; to: string; icon: IconName; text: string };
export type FeatureSection = {
  id: string;
  nav: string;
  eyebrow: string;
  title: string;
  lead: string;
  points: string[];
  tools: ToolLink[];
  art: { scene: Scene; label: string; treatment?: 'before-after' | 'variants' };
};

export const featureSections: FeatureSection[] = [
  {
    id: 'generation',
    nav: 'Generation',
    eyebrow: 'Text to image',
    title: 'Describe it in a sentence. Get the picture.',
    lead: 'Write what you see in your head — the subject, the setting, the light, the style — and Lumigen paints it. No design skills, no stock-photo hunting.',
    points: [
      'Five sizes: 256, 512 and 1024 px squares, 1792×1024 landscape and 1024×1792 portrait.',
      'Standard or HD quality, chosen per image.',
      'One credit per image. If a generation fails, the credit comes straight back.',
      'Not quite right? Generate another take of the same prompt in one click.',
    ],
    tools: [{ ...menuLink('/generate'), icon: 'sparkles', text: 'From prompt to picture.' }],
    art: {
      scene: 'dunes',
      label: 'Illustration: desert dunes at sunset under a pale sun, an example of a scene described in one sentence',
    },
  },
  {
    id: 'editing',
    nav: 'Editing',
    eyebrow: 'AI editing',
    title: 'Fix a photo without learning a photo editor',
    lead: 'Upload a PNG, JPEG or WebP image and let a focused tool do one job well. Every edit is a new file: your original stays untouched.',
    points: [
      'Erase stray objects, people or blemishes by painting over them.',
      'Remove captions, date stamps and other text laid over a picture.',
      'Upscale up to 4096 px per side for print and retina screens.',
      'Relight product shots and extend the canvas beyond the original frame.',
    ],
    tools: [
      { ...menuLink('/cleanup'), icon: 'eraser', text: 'Paint it, and it is gone.' },
      { ...menuLink('/removetxt'), icon: 'type', text: 'Clear text off an image.' },
      { ...menuLink('/upscale'), icon: 'expand', text: 'More pixels, sharper detail.' },
      { ...menuLink('/editimage'), icon: 'sun', text: 'Studio light on any product.' },
      { ...menuLink('/uncrop'), icon: 'crop', text: 'Trim or extend the frame.' },
    ],
    art: {
      scene: 'sea',
      label: 'Illustration: a sunset over the sea, shown before and after an edit',
      treatment: 'before-after',
    },
  },
  {
    id: 'background',
    nav: 'Background',
    eyebrow: 'Backgrounds',
    title: 'Cut out the subject. Keep every hair.',
    lead: 'One click separates your subject from its background and returns a transparent PNG, ready for a product page, a slide or a design. Or describe a new scene and put the subject in it.',
    points: [
      'Soft, accurate edges around hair, fur and glass.',
      'Transparent PNG output that drops into any layout.',
      'Replace Background puts a new scene from a short description behind it (a simple painted backdrop in a free preview).',
    ],
    tools: [
      { ...menuLink('/removebg'), icon: 'scissors', text: 'A clean cut-out in seconds.' },
      { ...menuLink('/addbg'), icon: 'image', text: 'A new scene behind your subject.' },
    ],
    art: { scene: 'cutout', label: 'Illustration: a rose-coloured mug cut out on a transparent, checkered background' },
  },
  {
    id: 'variations',
    nav: 'Variations',
    eyebrow: 'Variants',
    title: 'One good image, many directions',
    lead: 'Upload an image you like and get a fresh variation that keeps its subject and mood while changing the details — handy for A/B tests, campaign sets and finding the version that clicks.',
    points: [
      'Keeps composition and style; changes colour, detail and arrangement.',
      'Start from your own upload or from a picture you just generated.',
      'One credit per variation, or nothing when the button says “Free preview”.',
    ],
    tools: [{ ...menuLink('/variant'), icon: 'copy', text: 'New takes on your image.' }],
    art: {
      scene: 'forest',
      label: 'Illustration: four colour variations of the same pine forest',
      treatment: 'variants',
    },
  },
];

export type Reason = { icon: IconName; title: string; text: string };

export const whyLumigen: Reason[] = [
  {
    icon: 'coins',
    title: 'Pay for what you make',
    text: 'Prepaid credits, no subscription. One credit is one image or one edit, and credits never expire.',
  },
  {
    icon: 'layers',
    title: 'Every tool in every plan',
    text: 'Generation and all eight editing tools are unlocked from your very first credit.',
  },
  {
    icon: 'refresh',
    title: 'Failures are free',
    text: 'A credit is held when you start and returned automatically if anything goes wrong.',
  },
  {
    icon: 'lock',
    title: 'Your images stay yours',
    text: 'Uploads and results are private to your account, and paid images may be used commercially.',
  },
];

export type Sample = { scene: Scene; prompt: string; tool: string };

export const samples: Sample[] = [
  {
    scene: 'mountains',
    prompt: 'A crescent moon over layered mountains, deep blue night, flat poster style',
    tool: 'Image Generator · 1024×1024',
  },
  {
    scene: 'product',
    prompt: 'A rose ceramic mug on a walnut table, warm morning light, product photo',
    tool: 'Image Generator · HD',
  },
  {
    scene: 'city',
    prompt: 'A city skyline at dusk, warm windows, minimal geometric illustration',
    tool: 'Image Generator · 1792×1024',
  },
  { scene: 'cutout', prompt: 'The same mug, background removed for a shop listing', tool: 'Background Removal' },
  {
    scene: 'sea',
    prompt: 'A low sun over a calm sea, stripes of light on the water',
    tool: 'Image Generator · 512×512',
  },
  {
    scene: 'forest',
    prompt: 'Pine forest in morning mist, soft greens, storybook style',
    tool: 'Image Variation Tool',
  },
];
