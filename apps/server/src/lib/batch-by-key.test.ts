import { describe, expect, it, vi } from 'vitest';
import { batchByKey } from './batch-by-key.ts';

describe('batchByKey', () => {
  it('answers lookups made in the same turn with one load, each with its own value', async () => {
    const load = vi.fn(
      async (keys: string[]) => new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()])),
    );
    const find = batchByKey(load);
    const results = await Promise.all(['a', 'b', 'a', 'missing'].map(find));
    expect(results).toEqual(['A', 'B', 'A', undefined]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]?.[0]).toEqual(['a', 'b', 'missing']);
  });

  it('loads again for lookups made later: nothing is cached', async () => {
    let version = 0;
    const find = batchByKey(async (keys: string[]) => new Map(keys.map((k) => [k, `${k}${version}`])));
    expect(await find('x')).toBe('x0');
    version = 1;
    expect(await find('x')).toBe('x1');
  });

  it('passes a failed load to every lookup of that batch only', async () => {
    let fail = true;
    const find = batchByKey(async (keys: string[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, 1]));
    });
    await expect(Promise.all([find('a'), find('b')])).rejects.toThrow('database down');
    fail = false;
    expect(await find('a')).toBe(1);
  });

  it('splits batches at the maximum size', async () => {
    const load = vi.fn(async (keys: number[]) => new Map(keys.map((k) => [k, k * 2])));
    const find = batchByKey(load, 3);
    expect(await Promise.all([1, 2, 3, 4, 5].map(find))).toEqual([2, 4, 6, 8, 10]);
    expect(load.mock.calls.map((c) => c[0])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });
});
