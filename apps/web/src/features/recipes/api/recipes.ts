import type {
  CreateRecipeRequest,
  DeleteRecipeResponse,
  RecipeResponse,
  RecipesListResponse,
} from '@lumigen/contract/recipes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api.ts';

export const recipesQueryKey = ['recipes'] as const;

export function useRecipes(token: string | null) {
  return useQuery({
    queryKey: [...recipesQueryKey, token],
    queryFn: ({ signal }) => apiGet<RecipesListResponse>('/api/recipes', { signal }).then((answer) => answer.recipes),
    enabled: token !== null,
  });
}

export function useCreateRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipe: CreateRecipeRequest) => apiPost<RecipeResponse>('/api/recipes', recipe),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipesQueryKey }),
  });
}

export function useDeleteRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipeId: string) => apiDelete<DeleteRecipeResponse>(`/api/recipes/${encodeURIComponent(recipeId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipesQueryKey }),
  });
}
