import type { DeleteImageResponse } from '@lumigen/contract/images';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api.ts';
import { ledgerQueryKey } from './get-ledger.ts';
import { imageBytesQueryKey } from '../../../lib/use-image-url.ts';
import { imagesQueryKey } from './get-images.ts';

export function deleteImage(imageId: string): Promise<DeleteImageResponse> {
  return apiDelete<DeleteImageResponse>(`/api/images/${encodeURIComponent(imageId)}`);
}

/** Gone from the gallery, and the ledger's rows no longer link to it (the server drops the link). */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: async (_answer, imageId) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: imagesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ledgerQueryKey }),
      ]);
      // The thumbnail is gone with the list's refetch; its bytes can go too.
      const url = queryClient.getQueryData<string>(imageBytesQueryKey(imageId));
      queryClient.removeQueries({ queryKey: imageBytesQueryKey(imageId) });
      if (url) URL.revokeObjectURL(url);
    },
  });
}
