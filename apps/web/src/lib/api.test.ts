import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api calls', () => {
  it('start their request in a task of their own, not in the task that asked for it', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const answer = apiGet<{ ok: boolean }>('/api/health');
    // However many microtasks run, the caller's task (a React commit, say) ends before the request starts.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    await expect(answer).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
