import { describe, expect, it } from 'vitest';
import { createOpenStreams } from './open-streams.ts';

describe('open stream counts', () => {
  it('refuses a stream when any of its keys is full, counts it under all of them, and frees them once', () => {
    const streams = createOpenStreams();
    const first = streams.enter([
      ['user:a', 2],
      ['ip:x', 3],
    ]);
    const second = streams.enter([
      ['user:a', 2],
      ['ip:x', 3],
    ]);
    expect(first && second).toBeTruthy();
    expect(streams.isFull('user:a', 2)).toBe(true);
    expect(streams.isFull('ip:x', 3)).toBe(false);
    expect(
      streams.enter([
        ['user:a', 2],
        ['ip:x', 3],
      ]),
    ).toBeUndefined();
    // The refused stream counted nothing: the address still has room for one of another account.
    expect(
      streams.enter([
        ['user:b', 2],
        ['ip:x', 3],
      ]),
    ).toBeDefined();
    expect(streams.isFull('ip:x', 3)).toBe(true);
    first!();
    first!();
    expect(streams.isFull('user:a', 2)).toBe(false);
    expect(streams.isFull('ip:x', 3)).toBe(false);
    expect(streams.isFull('user:a', 1)).toBe(true);
  });
});
