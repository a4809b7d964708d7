import type { RevokeApiKeyResponse } from '@lumigen/contract/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** Revokes a key at once: programs using it get 401 from then on. */
export function revokeApiKey(keyId: string): Promise<RevokeApiKeyResponse> {
  return apiDelete<RevokeApiKeyResponse>(`/api/keys/${encodeURIComponent(keyId)}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
