import type { ImagesListResponse } from '@lumigen/contract/images';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiGetBlob } from '../../../lib/api.ts';

export const imagesQueryKey = ['images'] as const;
export const imageBytesQueryKey = (imageId: string) => ['image-bytes', imageId] as const;

export function useMyImages(token: string | null, limit = 12) {
  return useQuery({
    queryKey: [...imagesQueryKey, token, limit],
    queryFn: ({ signal }) => apiGet<ImagesListResponse>(`/api/images?limit=${limit}`, { signal }),
    enabled: token !== null,
  });
}

/** Images are private, so an <img> cannot fetch them itself: read the bytes with the token. */
export function useImageUrl(imageId: string) {
  return useQuery({
    queryKey: imageBytesQueryKey(imageId),
    queryFn: async ({ signal }) => URL.createObjectURL(await apiGetBlob(`/api/images/${encodeURIComponent(imageId)}`, { signal })),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    // A missing image stays missing (deleted, or never this user's).
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}
