import { signupBonusCredits } from '@lumigen/contract/pricing';

/** docs/product.md §3's FAQ entry: id, question, answer, and optional details. */
export type FaqEntry = { id: string; question: string; answer: string; details?: string };
export type FaqGroupId = 'general' | 'billing' | 'product' | 'generator' | 'editor' | 'background' | 'variants';
export type FaqGroup = { id: FaqGroupId; title: string; entries: FaqEntry[] };

export const faqGroups: Record<FaqGroupId, FaqGroup> = {
  general: {
    id: 'general',
    title: 'General',
    entries: [
      {
        id: 'what-is',
        question: 'What is Lumigen?',
        answer:
          'Lumigen is an AI image studio in your browser: write a prompt to create an image, or upload a photo and edit it with AI tools such as background removal, text removal, upscaling and cleanup.',
      },
      {
        id: 'free-credits',
        question: 'Is there a free trial?',
        answer: `Yes. Every new account gets ${signupBonusCredits} free credits — enough for ${signupBonusCredits} images or edits. No card is needed to sign up.`,
      },
      {
        id: 'commercial',
        question: 'Can I use the images commercially?',
        answer:
          'Yes. Images you create with credits you paid for may be used commercially: ads, product pages, social posts and print.',
      },
      {
        id: 'devices',
        question: 'Do I need to install anything?',
        answer: 'No. Lumigen runs in any modern browser on desktop, tablet and phone.',
      },
    ],
  },
  billing: {
    id: 'billing',
    title: 'Billing',
    entries: [
      {
        id: 'prepaid',
        question: 'How do credits work?',
        answer: `Credits are prepaid. Each generated image or completed edit costs the credits its button shows before you start, and nothing when it says “Free preview”. Your balance is always shown in the header.`,
      },
      {
        id: 'preview',
        question: 'What is a free preview?',
        answer:
          'When a tool runs on our own server rather than on an AI service, most tools make a quick approximation instead of an AI result: the button says “Free preview”, the result says it is a preview, and it costs nothing. Background removal always uses a trained model and costs its price.',
      },
      {
        id: 'failed',
        question: 'Am I charged when something fails?',
        answer:
          'Never. A credit is held when you start an action and given back automatically if it fails for any reason.',
      },
      { id: 'expire', question: 'Do credits expire?', answer: 'No. Credits stay on your account until you use them.' },
      {
        id: 'payment',
        question: 'How do I pay?',
        answer: 'By card, through our payment provider. We never see or store your card number.',
      },
    ],
  },
  product: {
    id: 'product',
    title: 'Product',
    entries: [
      {
        id: 'tools',
        question: 'Which tools are included?',
        answer:
          'Image generation, background removal and replacement, text removal, product photography lighting, variants, upscaling, uncrop and cleanup — every plan includes every tool.',
      },
      {
        id: 'resolution',
        question: 'Which resolutions can I generate?',
        answer:
          'Square 256, 512 and 1024 pixels, plus portrait 1024×1792 and landscape 1792×1024, in Standard or HD quality.',
      },
      {
        id: 'privacy',
        question: 'Who can see my images?',
        answer: 'Only you. Your uploads and results are tied to your account and are never shown to other users.',
      },
    ],
  },
  generator: {
    id: 'generator',
    title: 'AI Image Generator',
    entries: [
      {
        id: 'prompt',
        question: 'How do I write a good prompt?',
        answer:
          'Name the subject, the setting and the style: “a ceramic mug on a walnut table, morning light, product photo”. Short and concrete beats long and vague.',
      },
      {
        id: 'size',
        question: 'Which size should I pick?',
        answer:
          'Use 1024×1024 for social posts, 1792×1024 for banners and 1024×1792 for stories and posters. HD adds finer detail.',
      },
      {
        id: 'again',
        question: 'Can I generate the same idea again?',
        answer: `Yes: press Generate Another Image to try a new take on the same prompt, at the price its button shows.`,
      },
    ],
  },
  editor: {
    id: 'editor',
    title: 'AI Image Editor',
    entries: [
      { id: 'formats', question: 'Which files can I upload?', answer: 'PNG, JPEG and WebP images up to 30 MB.' },
      {
        id: 'cleanup',
        question: 'How does Cleanup work?',
        answer:
          'Paint over what should disappear; Lumigen fills the area from the picture’s background. A free preview fills large areas roughly.',
      },
      {
        id: 'upscale',
        question: 'How large can I upscale?',
        answer: 'Up to 4096 pixels per side, with width and height chosen separately.',
      },
    ],
  },
  background: {
    id: 'background',
    title: 'Image Background Removal',
    entries: [
      {
        id: 'result',
        question: 'What do I get back?',
        answer: 'A PNG with a transparent background, ready for product pages, slides and designs.',
      },
      {
        id: 'hair',
        question: 'Does it handle hair and fine edges?',
        answer: 'Yes. The model produces soft edges so hair, fur and glass keep their detail.',
      },
      {
        id: 'replace',
        question: 'Can I put a new background behind the subject?',
        answer:
          'Yes: Replace Background keeps your subject and puts a new scene behind it from a short description; a free preview paints a simple backdrop instead.',
      },
    ],
  },
  variants: {
    id: 'variants',
    title: 'Image Variants Generator',
    entries: [
      {
        id: 'what',
        question: 'What is a variant?',
        answer: 'A new image that keeps the idea, colours and composition of yours while changing the details.',
      },
      {
        id: 'use',
        question: 'When are variants useful?',
        answer: 'For A/B testing ads, picking the best of several takes, or filling a gallery with a consistent look.',
      },
      {
        id: 'cost',
        question: 'What does a variant cost?',
        answer: 'One credit per variant, like every other action, or nothing when its button says “Free preview”.',
      },
    ],
  },
};
