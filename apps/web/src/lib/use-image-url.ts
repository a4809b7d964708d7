import { useQuery } from '@tanstack/react-query';
import { apiGetBlob } from './api.ts';

export const imageBytesQueryKey = (imageId: string) => ['image-bytes', imageId] as const;

/** Images are private, so an <img> cannot fetch them itself: read the bytes with the token. */
export function useImageUrl(imageId: string | null) {
  return useQuery({
    queryKey: imageBytesQueryKey(imageId ?? ''),
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await apiGetBlob(`/api/images/${encodeURIComponent(imageId ?? '')}`, { signal })),
    enabled: imageId !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    // A missing image stays missing (deleted, or never this user's).
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}
