import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('turns zod jitless before zod is loaded', async () => {
    await import('./zod-jitless.ts');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});
