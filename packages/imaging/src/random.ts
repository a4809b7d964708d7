import { createHash } from 'node:crypto';

/** A seeded pseudo-random source: the same seed gives the same sequence on every machine. */
export type Random = {
  /** In [0, 1). */
  next(): number;
  range(min: number, max: number): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

/** Four 32-bit words from any text, for seeding. */
export function hashWords(text: string): [number, number, number, number] {
  const digest = createHash('sha256').update(text).digest();
  return [digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12)];
}

/** One 32-bit number from a text: stable traits of a word (its hue, its weight). */
export function hashOf(text: string): number {
  return hashWords(text)[0];
}

/** sfc32: small, fast and statistically sound, unlike Math.random it can be seeded. */
export function createRandom(seed: string): Random {
  let [a, b, c, d] = hashWords(seed);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 still echo the seed; discard them.
  for (let i = 0; i < 12; i += 1) next();
  const random: Random = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, maxInclusive) => min + Math.floor(next() * (maxInclusive - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
  };
  return random;
}
