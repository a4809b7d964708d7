import type { HealthResponse } from '@lumigen/contract/health';
import { describe, expect, it, vi } from 'vitest';
import { mockServer } from '../test/mock-server.ts';
import { apiGet } from './api.ts';

const healthy: HealthResponse = { status: 'ok', database: 'up', generation: 'ok', disk: 'ok', uptimeSeconds: 1 };

describe('api calls', () => {
  it('start their request in a task of their own, not in the task that asked for it', async () => {
    mockServer({ 'GET /api/health': [200, healthy] });
    // Watched, not replaced: the fake server answers; the spy sees when the request starts.
    const fetch = vi.spyOn(globalThis, 'fetch');
    const answer = apiGet<HealthResponse>('/api/health');
    // However many microtasks run, the caller's task (a React commit, say) ends before the request starts.
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    await expect(answer).resolves.toEqual(healthy);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
