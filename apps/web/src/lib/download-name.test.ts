import { describe, expect, it } from 'vitest';
import { exportName } from './download-name.ts';

describe('exportName', () => {
  it('is <date>-<tool>-<first words of the prompt>-<short id>.png', () => {
    expect(
      exportName({
        tool: 'generation',
        words: 'A lighthouse on a cliff at sunset, oil painting!',
        id: '55555555-aaaa-4555-8555-555555555555',
        date: '2026-11-28T09:30:00.000Z',
      }),
    ).toBe('2026-11-28-generation-a-lighthouse-on-a-cliff-at-55555555.png');
  });

  it('leaves out what it does not have, and never yields an empty word', () => {
    expect(
      exportName({ tool: 'remove-background', words: null, id: 'abcdef12-0000', date: '2026-01-02T00:00:00Z' }),
    ).toBe('2026-01-02-remove-background-abcdef12.png');
    expect(exportName({ tool: 'upscale', words: '!!!', id: '12345678', date: '2026-01-02T00:00:00Z' })).toBe(
      '2026-01-02-upscale-12345678.png',
    );
  });
});
