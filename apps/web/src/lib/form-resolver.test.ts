import { webMessages } from '@lumigen/contract/web-messages';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './form-resolver.ts';
import { notify } from './notify.ts';

vi.mock('./notify.ts', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const signUp = z.object({
  email: z.string().trim().pipe(z.email('Enter an e-mail address')),
  age: z.string().transform(Number),
});
type SignUp = z.input<typeof signUp>;

const options = { fields: {}, shouldUseNativeValidation: false };
const good: SignUp = { email: ' ada@example.com ', age: '36' };
const bad: SignUp = { email: 'ada', age: '36' };

describe('lazyZodResolver', () => {
  it('loads nothing until the first check', () => {
    const loadSchema = vi.fn(() => Promise.resolve(signUp));
    lazyZodResolver(loadSchema);
    expect(loadSchema).not.toHaveBeenCalled();
  });

  it('checks as zodResolver does: errors for bad values, the parsed values for good ones', async () => {
    const resolver = lazyZodResolver(() => Promise.resolve(signUp));
    const refused = await resolver(bad, undefined, options);
    expect(refused.values).toEqual({});
    expect(refused.errors.email?.message).toBe('Enter an e-mail address');
    const accepted = await resolver(good, undefined, options);
    expect(accepted).toEqual({ values: { email: 'ada@example.com', age: 36 }, errors: {} });
  });

  it('loads the schema once, however many checks and preloads, at once or one after another', async () => {
    const loadSchema = vi.fn(() => Promise.resolve(signUp));
    const resolver = lazyZodResolver(loadSchema);
    resolver.preload();
    await Promise.all([resolver(good, undefined, options), resolver(bad, undefined, options)]);
    await resolver(good, undefined, options);
    resolver.preload();
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load: the check that met it refuses the values and says why, the next one loads again', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const loadSchema = vi.fn<() => Promise<typeof signUp>>().mockRejectedValueOnce(offline).mockResolvedValue(signUp);
    const resolver = lazyZodResolver(loadSchema);
    const refused = await resolver(good, undefined, options);
    expect(refused).toEqual({ values: {}, errors: { root: { type: 'network', message: webMessages.networkError } } });
    expect(notify.error).toHaveBeenCalledWith(webMessages.networkError, expect.anything());
    const accepted = await resolver(good, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });

  it('keeps a failed preload to itself and lets the first check load again', async () => {
    const loadSchema = vi
      .fn<() => Promise<typeof signUp>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(signUp);
    const resolver = lazyZodResolver(loadSchema);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      resolver.preload();
      // Two turns of the event loop: time for a rejection nobody handles to be reported.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
    expect((await resolver(bad, undefined, options)).errors.email?.message).toBe('Enter an e-mail address');
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });
});
