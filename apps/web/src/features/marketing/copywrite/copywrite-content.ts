import type { IconName } from '../../../components/ui/icon.tsx';

export type CopyFeature = { icon: IconName; title: string; text: string };

export const copyFeatures: CopyFeature[] = [
  {
    icon: 'pen',
    title: 'Your headline is the prompt',
    text: 'Paste the line you already wrote and add a style. The picture says what your copy says, because it started from it.',
  },
  {
    icon: 'layers',
    title: 'One message, every format',
    text: 'Square for the feed, 1792×1024 for the blog header, 1024×1792 for stories — the same idea in each size.',
  },
  {
    icon: 'type',
    title: 'Images without baked-in text',
    text: 'Remove text from a picture so your words go on top as live, editable and translatable copy.',
  },
  {
    icon: 'copy',
    title: 'A visual for every variant',
    text: 'Testing two headlines? Make a variation for each and learn which pairing wins.',
  },
  {
    icon: 'cart',
    title: 'Product copy with product shots',
    text: 'Cut the product out of any photo and place it on a clean or new background that fits the description.',
  },
  {
    icon: 'clock',
    title: 'Deadline-friendly',
    text: 'No brief, no queue. The image is ready before the copy review is.',
  },
];

export const testimonial = {
  quote:
    'I used to hand in copy with a note that said “image TBD”. Now I hand in the finished pairing: I write the headline, turn it into a prompt, and the post goes out the same afternoon.',
  role: 'Freelance copywriter, early Lumigen customer',
};

export type Resource = { icon: IconName; title: string; text: string; to: string; cta: string };

export const resources: Resource[] = [
  {
    icon: 'sparkles',
    title: 'Prompt writing basics',
    text: 'How to name the subject, setting and style so the first image is close to what you meant.',
    to: '/faq#generator',
    cta: 'Read the prompt tips',
  },
  {
    icon: 'image',
    title: 'Prompt ideas with examples',
    text: 'Starting points for product shots, posters, banners and story backgrounds.',
    to: '/featured#samples',
    cta: 'See the samples',
  },
  {
    icon: 'users',
    title: 'Use cases by audience',
    text: 'How marketers, writers, shops and educators fit Lumigen into their week.',
    to: '/use-cases',
    cta: 'Browse use cases',
  },
  {
    icon: 'coins',
    title: 'Credits and pricing',
    text: 'What a credit buys, which bundle suits your volume, and how refunds for failures work.',
    to: '/pricing',
    cta: 'Compare plans',
  },
];

export type Teaser = { id: string; category: string; title: string; excerpt: string; minutes: number };

export const teasers: Teaser[] = [
  {
    id: 'headline-to-image',
    category: 'Workflow',
    title: 'From headline to header image in five minutes',
    excerpt:
      'A repeatable routine: pull the concrete nouns out of your headline, add a setting and a style, and pick the size your channel needs.',
    minutes: 6,
  },
  {
    id: 'words-on-pictures',
    category: 'Design for writers',
    title: 'Why your words should never be baked into the picture',
    excerpt:
      'Live text stays editable, translatable and readable by search engines and screen readers. Here is how to keep the two apart.',
    minutes: 5,
  },
  {
    id: 'ab-testing-visuals',
    category: 'Marketing',
    title: 'A/B testing copy? Test the image that goes with it',
    excerpt:
      'A headline and its picture succeed or fail together. How to set up pairings with variations and read the results honestly.',
    minutes: 7,
  },
];
