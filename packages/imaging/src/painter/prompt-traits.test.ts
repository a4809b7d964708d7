import { describe, expect, it } from 'vitest';
import { traitsOf, wordsOf } from './prompt-traits.ts';

describe('reading a prompt', () => {
  it('finds scene, hour and features in the words, plurals included', () => {
    const traits = traitsOf('Snowy mountains under the stars at midnight');
    // 'mountains' and 'midnight' tie; the later word wins: a night landscape.
    expect(traits).toMatchObject({ scene: 'night', time: 'night' });
    expect([...traits.features].sort()).toEqual(['mountains', 'stars']);
    expect(traitsOf('a lighthouse by the sea').scene).toBe('seascape');
    expect(traitsOf('neon cyberpunk streets').scene).toBe('city');
  });

  it('takes a named colour as the base hue, averaged around the wheel', () => {
    expect(traitsOf('a blue bird')).toMatchObject({ hue: 215, namedColour: true });
    const crimson = traitsOf('red and magenta silk').hue;
    expect(crimson).toBeGreaterThan(320);
  });

  it('gives unknown words a stable hue of their own', () => {
    expect(traitsOf('a knight riding a horse').namedColour).toBe(false);
    expect(traitsOf('a knight riding a horse')).toEqual(traitsOf('A  KNIGHT riding a horse!'));
    expect(traitsOf('a knight riding a horse').hue).not.toBe(traitsOf('a dog chasing a ball').hue);
  });

  it('keeps letters of any script and drops filler words', () => {
    expect(wordsOf('Ein Fuchs im Schnee — 雪の狐')).toEqual(['ein', 'fuchs', 'im', 'schnee', '雪の狐']);
    expect(wordsOf('the cat on a mat')).toEqual(['cat', 'mat']);
  });
});
