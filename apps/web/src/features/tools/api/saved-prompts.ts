import type {
  DeleteSavedPromptResponse,
  SavePromptRequest,
  SavedPromptResponse,
  SavedPromptsResponse,
} from '@lumigen/contract/prompts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api.ts';

export const savedPromptsQueryKey = ['saved-prompts'] as const;

export function useSavedPrompts(enabled: boolean) {
  return useQuery({
    queryKey: savedPromptsQueryKey,
    queryFn: ({ signal }) => apiGet<SavedPromptsResponse>('/api/prompts', { signal }),
    enabled,
  });
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prompt: SavePromptRequest) => apiPost<SavedPromptResponse>('/api/prompts', prompt),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedPromptsQueryKey }),
  });
}

export function useDeleteSavedPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<DeleteSavedPromptResponse>(`/api/prompts/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedPromptsQueryKey }),
  });
}
