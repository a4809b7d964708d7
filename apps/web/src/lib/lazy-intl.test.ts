import { afterEach, describe, expect, it } from 'vitest';
import { lazyDateFormat, lazyPluralRules } from './lazy-intl.ts';

const real = { DateTimeFormat: Intl.DateTimeFormat, PluralRules: Intl.PluralRules };

/** Counts the formatters of `name` made from now on. */
function countMade(name: keyof typeof real) {
  const counter = { made: 0 };
  const target = real[name] as unknown as new (...args: unknown[]) => object;
  (Intl as Record<string, unknown>)[name] = new Proxy(target, {
    construct(constructor, args) {
      counter.made += 1;
      return Reflect.construct(constructor, args);
    },
  });
  return counter;
}

describe('formatters made on first use', () => {
  afterEach(() => Object.assign(Intl, real));

  it('makes nothing until asked, then one formatter that answers as Intl does', () => {
    const counter = countMade('DateTimeFormat');
    const day = lazyDateFormat({ dateStyle: 'medium' });
    expect(counter.made).toBe(0);
    const at = new Date('2026-01-05T10:30:00Z');
    const first = day.format(at);
    expect(day.format(at)).toBe(first);
    expect(counter.made).toBe(1);
    expect(first).toBe(new real.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(at));
  });

  it('picks plural categories as Intl.PluralRules does', () => {
    const counter = countMade('PluralRules');
    const ordinal = lazyPluralRules('en', { type: 'ordinal' });
    expect(counter.made).toBe(0);
    expect([1, 2, 3, 4, 11, 22].map((n) => ordinal.select(n))).toEqual(['one', 'two', 'few', 'other', 'other', 'two']);
    expect(counter.made).toBe(1);
  });
});
