import type { LogoutResponse } from '@lumigen/contract/accounts';
import type { GetCreditResponse } from '@lumigen/contract/credits';
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from './api.ts';

/** The session store's own calls (session.tsx): the balance and name behind a token, and logout. */
export const creditQueryKey = (token: string | null) => ['credit', token] as const;

/** What the session keeps of a get-credit answer. */
export type CreditData = Pick<GetCreditResponse, 'creditBalance' | 'name' | 'email' | 'emailVerified' | 'role'>;

/** The session's balance query, also started by the app's entry before React takes the page over. */
export const creditQuery = (token: string | null) =>
  queryOptions({
    queryKey: creditQueryKey(token),
    queryFn: ({ signal }): Promise<CreditData> => getCredit(signal),
    staleTime: 30_000,
  });

export function getCredit(signal?: AbortSignal): Promise<GetCreditResponse> {
  return apiPost<GetCreditResponse>('/api/image/get-credit', undefined, { signal });
}

export function logout(): Promise<LogoutResponse> {
  return apiPost<LogoutResponse>('/api/user/logout');
}
