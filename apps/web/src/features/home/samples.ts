/**
 * Every picture on the landing and newsletter pages, in one place: where it is served from, the
 * prompt it is (re)generated from, its alt text and its intrinsic size. The files under
 * apps/web/public/images/ are produced from this list — placeholders by
 * scripts/make-placeholder-images.mjs for now, the project's own generator later — so the page,
 * the alt text and the pictures never drift apart. Sizes are what the files are, so the browser
 * reserves the right box before they load.
 */
export type Sample = {
  /** Path under apps/web/public, as the browser requests it. */
  src: string;
  /** The prompt the picture is generated from. */
  prompt: string;
  alt: string;
  width: number;
  height: number;
};

export const samples = {
  heroRaincoat: {
    src: '/images/home/hero-raincoat.webp',
    prompt: 'Portrait of a young woman in a yellow raincoat on a rainy neon-lit city street at night, glowing reflections on wet asphalt, cinematic 35mm photo',
    alt: 'A woman in a yellow raincoat on a rainy city street lit by pink and blue neon at night',
    width: 640,
    height: 800,
  },
  heroMug: {
    src: '/images/home/hero-mug.webp',
    prompt: 'A speckled ceramic coffee mug on a walnut table, soft morning light from a window, minimalist product photo',
    alt: 'A speckled ceramic mug on a walnut table in soft morning light',
    width: 640,
    height: 640,
  },
  heroFox: {
    src: '/images/home/hero-fox.webp',
    prompt: 'A red fox curled up asleep in a snowy birch forest at dawn, pastel sky, storybook watercolour illustration',
    alt: 'Watercolour illustration of a red fox asleep in the snow between birch trees at dawn',
    width: 640,
    height: 640,
  },
  heroSneaker: {
    src: '/images/home/hero-sneaker.webp',
    prompt: 'A white sneaker floating above a pastel pink studio backdrop with a soft shadow, clean e-commerce product shot',
    alt: 'A white sneaker floating above a pastel pink backdrop',
    width: 640,
    height: 480,
  },
  heroCabin: {
    src: '/images/home/hero-cabin.webp',
    prompt: 'A glass cabin glowing warmly on a cliff above a misty fjord at blue hour, mountains behind, architectural photography',
    alt: 'A lit glass cabin on a cliff above a misty fjord at dusk',
    width: 640,
    height: 480,
  },
  welcomeStudio: {
    src: '/images/home/welcome-studio.webp',
    prompt: 'A tidy creative studio desk with a laptop showing a colourful illustration, a potted plant and paper sketches, warm afternoon light, lifestyle photo',
    alt: 'A sunny studio desk with a laptop showing a colourful illustration, a plant and sketches',
    width: 800,
    height: 600,
  },
  welcomeRamen: {
    src: '/images/home/welcome-ramen.webp',
    prompt: 'Overhead shot of a bowl of ramen with a soft-boiled egg, spring onions and rising steam on a dark slate table, food photography',
    alt: 'A bowl of ramen with a halved egg and spring onions seen from above on dark slate',
    width: 640,
    height: 640,
  },
  avatarMaya: {
    src: '/images/people/maya-ortiz.webp',
    prompt: 'Friendly headshot of a woman in her thirties with curly dark hair and a terracotta apron in a ceramics workshop, soft window light, portrait photo',
    alt: 'Portrait of Maya Ortiz',
    width: 160,
    height: 160,
  },
  avatarDaniel: {
    src: '/images/people/daniel-okafor.webp',
    prompt: 'Smiling headshot of a man in his late twenties with short black hair and a navy overshirt in a bright office, natural light, portrait photo',
    alt: 'Portrait of Daniel Okafor',
    width: 160,
    height: 160,
  },
  avatarPriya: {
    src: '/images/people/priya-raman.webp',
    prompt: 'Headshot of a woman in her twenties with long black hair and round glasses holding a drawing tablet pen, pastel studio background, portrait photo',
    alt: 'Portrait of Priya Raman',
    width: 160,
    height: 160,
  },
  avatarTomas: {
    src: '/images/people/tomas-lindqvist.webp',
    prompt: 'Headshot of a man in his forties with a short beard and a green knit sweater in a classroom with a world map behind him, portrait photo',
    alt: 'Portrait of Tomás Lindqvist',
    width: 160,
    height: 160,
  },
} satisfies Record<string, Sample>;

export type SampleId = keyof typeof samples;

/** The hero's gallery, in reading order; the first is the page's largest picture (LCP). */
export const heroGallery: Sample[] = [samples.heroRaincoat, samples.heroMug, samples.heroFox, samples.heroSneaker, samples.heroCabin];
