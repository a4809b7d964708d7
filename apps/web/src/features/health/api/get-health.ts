import type { HealthResponse } from '@lumigen/contract/health';
import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api.ts';

export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiGet<HealthResponse>('/api/health', { signal });
}

export type HealthState = 'loading' | 'operational' | 'unavailable';

/** Asks the server once on mount; any failure (network, 503, bad body) reads as unavailable. */
export function useHealth(): HealthState {
  const [state, setState] = useState<HealthState>('loading');

  useEffect(() => {
    const controller = new AbortController();
    getHealth(controller.signal).then(
      (health) => setState(health.status === 'ok' && health.database === 'up' ? 'operational' : 'unavailable'),
      () => {
        if (!controller.signal.aborted) setState('unavailable');
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}
