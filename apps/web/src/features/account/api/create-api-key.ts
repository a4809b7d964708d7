import type { CreateApiKeyRequest, CreateApiKeyResponse } from '@lumigen/contract/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** Makes a key; the answer holds the key itself, this once. */
export function createApiKey(request: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  return apiPost<CreateApiKeyResponse>('/api/keys', request);
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
