import type { ApiKeysResponse } from '@lumigen/contract/api-keys';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const apiKeysQueryKey = ['api-keys'] as const;

/** The account's API keys that still work, newest first (never the keys themselves). */
export function useApiKeys(token: string | null) {
  return useQuery({
    queryKey: [...apiKeysQueryKey, token],
    queryFn: ({ signal }) => apiGet<ApiKeysResponse>('/api/keys', { signal }),
    enabled: token !== null,
  });
}
