/**
 * Every picture on the landing and newsletter pages, in one place: where it is served from, the
 * prompt it is (re)generated from, its alt text and its intrinsic size. The files under
 * apps/web/public/images/ are painted from this list by the project's own local generator
 * (`npm run images`, scripts/make-sample-images.ts), so the page, the alt text and the pictures
 * never drift apart. The alt text describes what the painter actually drew. Sizes are what the files are, so the browser
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
  heroCity: {
    src: '/images/home/hero-city.webp',
    prompt: 'Neon city skyline at night in the rain',
    alt: 'Local preview painting: a dark green city skyline with lit windows under a full moon',
    width: 640,
    height: 800,
  },
  heroGalaxy: {
    src: '/images/home/hero-galaxy.webp',
    prompt: 'Milky way galaxy over snowy mountains',
    alt: 'Local preview painting: layered mountain ridges under a violet starry sky with a glowing moon',
    width: 640,
    height: 640,
  },
  heroGeometric: {
    src: '/images/home/hero-geometric.webp',
    prompt: 'Geometric pattern in indigo and gold',
    alt: 'Local preview painting: a black triangle, gold stripes and a black circle on cream and green blocks',
    width: 640,
    height: 640,
  },
  heroLake: {
    src: '/images/home/hero-lake.webp',
    prompt: 'Alpine lake at dawn with a pine forest and misty mountains',
    alt: 'Local preview painting: a pale green lake at dawn with misty hills and a low sun',
    width: 640,
    height: 480,
  },
  heroDesert: {
    src: '/images/home/hero-desert.webp',
    prompt: 'Desert dunes under a pastel sunset',
    alt: 'Local preview painting: soft sand dunes under a pink and peach sunset sky',
    width: 640,
    height: 480,
  },
  welcomeShapes: {
    src: '/images/home/welcome-shapes.webp',
    prompt: 'Abstract flowing shapes in coral and teal',
    alt: 'Local preview painting: circles, quarter circles, stripes and triangles in blue, pink and purple on a dark grid',
    width: 800,
    height: 600,
  },
  welcomeValley: {
    src: '/images/home/welcome-valley.webp',
    prompt: 'Autumn forest valley with golden light',
    alt: 'Local preview painting: a golden valley with a lake and a low yellow sun',
    width: 640,
    height: 640,
  },
} satisfies Record<string, Sample>;

/** The hero's gallery, in reading order; the first is the page's largest picture (LCP). */
export const heroGallery: Sample[] = [
  samples.heroCity,
  samples.heroGalaxy,
  samples.heroGeometric,
  samples.heroLake,
  samples.heroDesert,
];
