import type { ImagesListResponse } from '@lumigen/contract/images';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiGetBlob } from '../../../lib/api.ts';

export function useMyImages(token: string | null, limit = 12) {
  return useQuery({
    queryKey: ['images', token, limit],
    queryFn: ({ signal }) => apiGet<ImagesListResponse>(`/api/images?limit=${limit}`, { signal }),
    enabled: token !== null,
  });
}

/** Images are private, so an <img> cannot fetch them itself: read the bytes with the token. */
export function useImageUrl(imageId: string) {
  return useQuery({
    queryKey: ['image-bytes', imageId],
    queryFn: async ({ signal }) => URL.createObjectURL(await apiGetBlob(`/api/images/${imageId}`, { signal })),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
