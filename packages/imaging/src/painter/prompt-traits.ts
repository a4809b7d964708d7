import { hashOf } from '../random.ts';

export const sceneKinds = ['landscape', 'seascape', 'night', 'cosmic', 'city', 'abstract', 'geometric'] as const;
export type SceneKind = (typeof sceneKinds)[number];
export type TimeOfDay = 'day' | 'dawn' | 'sunset' | 'night';
export type Mood = 'plain' | 'pastel' | 'vivid' | 'dark';

/** What a prompt asks for, as far as a painter without a model can tell. */
export type Traits = {
  scene: SceneKind;
  time: TimeOfDay;
  mood: Mood;
  /** Base hue in degrees: a colour word's, else one the prompt's words hash to. */
  hue: number;
  /** True when the prompt named the colour itself. */
  namedColour: boolean;
  features: Set<Feature>;
};

export type Feature =
  'sun' | 'moon' | 'stars' | 'clouds' | 'water' | 'mountains' | 'hills' | 'trees' | 'snow' | 'planet';

const sceneWords: Record<string, SceneKind> = {};
const timeWords: Record<string, TimeOfDay> = {};
const moodWords: Record<string, Mood> = {};
const featureWords: Record<string, Feature[]> = {};
const add = <T>(table: Record<string, T>, value: T, words: string) => {
  for (const word of words.split(' ')) table[word] = value;
};

add(
  sceneWords,
  'cosmic',
  'space galaxy nebula planet cosmos cosmic universe astronaut orbit rocket alien saturn mars jupiter spaceship',
);
add(
  sceneWords,
  'city',
  'city town street skyline building skyscraper cyberpunk metropolis downtown urban tokyo york london paris neon',
);
add(
  sceneWords,
  'seascape',
  'sea ocean beach wave coast island harbor harbour boat ship sail surf shore lighthouse bay',
);
add(sceneWords, 'night', 'night midnight moonlight starry nocturnal');
add(
  sceneWords,
  'landscape',
  'mountain hill valley forest tree field meadow desert canyon landscape river lake countryside farm village nature alps cliff volcano castle',
);
add(
  sceneWords,
  'abstract',
  'abstract dream dreamy surreal fluid flow liquid love emotion music soul spirit magic fantasy flower bloom bubble smoke watercolor watercolour',
);
add(
  sceneWords,
  'geometric',
  'geometric geometry pattern minimal minimalist bauhaus cube shape architecture modern grid mosaic poster logo robot tech',
);

add(timeWords, 'night', 'night midnight moon moonlight dark starry nocturnal star');
add(timeWords, 'sunset', 'sunset dusk evening twilight golden autumn fall warm fire');
add(timeWords, 'dawn', 'dawn sunrise morning mist misty fog foggy spring');
add(timeWords, 'day', 'day sunny noon summer bright clear');

add(moodWords, 'pastel', 'pastel soft gentle cute kawaii calm peaceful serene delicate');
add(moodWords, 'vivid', 'neon vibrant vivid colorful colourful psychedelic electric bold cyberpunk rainbow');
add(moodWords, 'dark', 'dark noir gothic horror gloomy shadow shadows mysterious storm stormy');

const features: Array<[Feature, string]> = [
  ['sun', 'sun sunny sunset sunrise dawn noon summer golden'],
  ['moon', 'moon moonlight lunar'],
  ['stars', 'star starry night midnight galaxy space cosmos universe'],
  ['clouds', 'cloud cloudy sky storm stormy rain fog foggy mist misty heaven'],
  ['water', 'sea ocean lake river water beach reflection pond wave coast island harbor harbour bay boat ship'],
  ['mountains', 'mountain peak alps cliff volcano canyon range'],
  ['hills', 'hill valley field meadow countryside farm village landscape nature'],
  ['trees', 'tree forest wood woods jungle pine park garden'],
  ['snow', 'snow winter ice frozen arctic glacier'],
  ['planet', 'planet saturn mars jupiter orbit astronaut'],
];
for (const [feature, words] of features) for (const word of words.split(' ')) (featureWords[word] ??= []).push(feature);

/** Hues of colour words, and of words that strongly suggest one. */
const hueWords: Record<string, number> = {
  red: 0,
  crimson: 350,
  scarlet: 5,
  cherry: 350,
  ruby: 345,
  rose: 340,
  pink: 330,
  magenta: 305,
  fuchsia: 310,
  purple: 275,
  violet: 265,
  lavender: 255,
  indigo: 240,
  navy: 225,
  blue: 215,
  sapphire: 220,
  azure: 205,
  cyan: 185,
  aqua: 180,
  turquoise: 172,
  teal: 175,
  mint: 150,
  jade: 150,
  emerald: 140,
  green: 125,
  lime: 90,
  olive: 70,
  lemon: 55,
  yellow: 52,
  gold: 45,
  amber: 38,
  orange: 28,
  peach: 22,
  copper: 22,
  coral: 12,
  rust: 15,
  brown: 25,
  fire: 15,
  lava: 10,
  ice: 195,
  frost: 200,
  forest: 130,
  jungle: 110,
  desert: 35,
  sand: 40,
  ocean: 200,
  sky: 205,
  autumn: 25,
  blood: 355,
  wine: 345,
  cat: 30,
  fox: 22,
};

const stopWords = new Set(
  'a an the of in on at to and or with by for from into over under riding is are its it this that as very'.split(' '),
);

/** The prompt's words, lower-cased, with a plural's "s" dropped when the singular is known. */
export function wordsOf(prompt: string): string[] {
  const known = (w: string) =>
    w in sceneWords || w in timeWords || w in moodWords || w in featureWords || w in hueWords;
  return (prompt.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !stopWords.has(word))
    .map((word) => (!known(word) && word.endsWith('s') && known(word.slice(0, -1)) ? word.slice(0, -1) : word));
}

/** The strongest vote of a word table, or undefined when no word spoke; later words break ties. */
function vote<T>(words: string[], table: Record<string, T>): T | undefined {
  const counts = new Map<T, number>();
  for (const word of words) {
    const value = table[word];
    if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  let best: T | undefined;
  let bestCount = 0;
  for (const [value, count] of counts) if (count >= bestCount) [best, bestCount] = [value, count];
  return best;
}

const fallbackScenes: SceneKind[] = [
  'landscape',
  'landscape',
  'seascape',
  'abstract',
  'abstract',
  'geometric',
  'night',
  'cosmic',
  'city',
];
const fallbackTimes: TimeOfDay[] = ['day', 'dawn', 'sunset', 'night'];

export function traitsOf(prompt: string): Traits {
  const words = wordsOf(prompt);
  // Words no table knows still shape the picture: their hash picks what the tables did not.
  const fingerprint = hashOf(words.join(' '));
  const scene = vote(words, sceneWords) ?? (fallbackScenes[fingerprint % fallbackScenes.length] as SceneKind);
  const found = new Set<Feature>(words.flatMap((word) => featureWords[word] ?? []));
  // Snow reads best in clear daylight or at dawn; otherwise the words' hash picks the hour.
  const hours = found.has('snow') ? fallbackTimes.slice(0, 2) : fallbackTimes;
  const time =
    vote(words, timeWords) ??
    (scene === 'night' || scene === 'cosmic' ? 'night' : (hours[(fingerprint >>> 8) % hours.length] as TimeOfDay));
  const mood = vote(words, moodWords) ?? (scene === 'city' && time === 'night' ? 'vivid' : 'plain');
  const named = words.map((word) => hueWords[word]).filter((h): h is number => h !== undefined);
  const hue = named.length > 0 ? circularMean(named) : (fingerprint >>> 12) % 360;
  return { scene, time, mood, hue, namedColour: named.length > 0, features: found };
}

/** Mean of angles: red (0) and magenta (305) average to crimson, not to green. */
function circularMean(degrees: number[]): number {
  let x = 0;
  let y = 0;
  for (const d of degrees) {
    x += Math.cos((d * Math.PI) / 180);
    y += Math.sin((d * Math.PI) / 180);
  }
  return Math.round((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}
