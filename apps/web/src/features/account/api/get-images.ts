import type { ImagesListResponse } from '@lumigen/contract/images';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const imagesQueryKey = ['images'] as const;

export function useMyImages(token: string | null, limit = 12) {
  return useQuery({
    queryKey: [...imagesQueryKey, token, limit],
    queryFn: ({ signal }) => apiGet<ImagesListResponse>(`/api/images?limit=${limit}`, { signal }),
    enabled: token !== null,
  });
}
