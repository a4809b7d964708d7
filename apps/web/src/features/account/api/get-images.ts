import type { ImageKind } from '@lumigen/contract/image-kinds';
import type { ImagesListResponse } from '@lumigen/contract/images';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const imagesQueryKey = ['images'] as const;

export function useMyImages(token: string | null, limit = 12) {
  return useQuery({
    queryKey: [...imagesQueryKey, token, limit],
    queryFn: ({ signal }) => apiGet<ImagesListResponse>(`/api/images?limit=${limit}`, { signal }),
    enabled: token !== null,
  });
}

export type ImageSearch = { q: string; kind: ImageKind | '' };

/** The gallery: the user's images matching the search, newest first, a page at a time. */
export function useImageSearch(token: string | null, search: ImageSearch, limit = 12) {
  return useInfiniteQuery({
    queryKey: [...imagesQueryKey, token, 'search', search.q.trim(), search.kind, limit],
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (search.q.trim() !== '') query.set('q', search.q.trim());
      if (search.kind !== '') query.set('kind', search.kind);
      if (pageParam) query.set('cursor', pageParam);
      return apiGet<ImagesListResponse>(`/api/images?${query.toString()}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The search box stays, with the last results, while the next search is asked.
    placeholderData: keepPreviousData,
    enabled: token !== null,
  });
}
