import type { LogoutResponse } from '@lumigen/contract/accounts';
import type { GetCreditResponse } from '@lumigen/contract/credits';
import { apiPost } from './api.ts';

/** The session store's own calls (session.tsx): the balance and name behind a token, and logout. */
export const creditQueryKey = (token: string | null) => ['credit', token] as const;

export function getCredit(signal?: AbortSignal): Promise<GetCreditResponse> {
  return apiPost<GetCreditResponse>('/api/image/get-credit', undefined, { signal });
}

export function logout(): Promise<LogoutResponse> {
  return apiPost<LogoutResponse>('/api/user/logout');
}
