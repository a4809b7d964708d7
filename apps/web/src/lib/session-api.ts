import type { GetCreditResponse } from '@lumigen/contract/credits';
import { apiPost } from './api.ts';

export const creditQueryKey = (token: string | null) => ['credit', token] as const;

export function getCredit(signal?: AbortSignal): Promise<GetCreditResponse> {
  return apiPost<GetCreditResponse>('/api/image/get-credit', undefined, { signal });
}
