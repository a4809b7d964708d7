import {
  finishedBatchItemStatuses,
  type BatchAcceptedResponse,
  type BatchResponse,
  type BatchView,
} from '@lumigen/contract/batches';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiGetBlob, apiPost } from './api.ts';
import { saveBlob } from './save-blob.ts';

/** Every picture is over: nothing more will change. */
export function batchFinished(batch: BatchView | undefined): boolean {
  return (
    batch !== undefined &&
    batch.items.every((item) => (finishedBatchItemStatuses as readonly string[]).includes(item.status))
  );
}

/** A batch of pictures through one tool: its fields once, `image_file` once per picture, in order. */
function submitBatch({
  tool,
  fields,
  files,
}: {
  tool: string;
  fields: Record<string, string>;
  files: File[];
}): Promise<BatchAcceptedResponse> {
  const form = new FormData();
  form.append('tool', tool);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('image_file', file, file.name);
  return apiPost<BatchAcceptedResponse>('/api/batches', form);
}

export function useSubmitBatch() {
  return useMutation({ mutationFn: submitBatch });
}

/** A running recipe over the same pictures: `image_file` once per picture. */
export function runRecipe({ recipeId, files }: { recipeId: string; files: File[] }): Promise<BatchAcceptedResponse> {
  const form = new FormData();
  for (const file of files) form.append('image_file', file, file.name);
  return apiPost<BatchAcceptedResponse>(`/api/recipes/${encodeURIComponent(recipeId)}/run`, form);
}

const batchQueryKey = (batchId: string | undefined) => ['batch', batchId] as const;

/** The batch, asked again every second until every picture is over (one request for all of them). */
export function useBatch(batchId: string | undefined) {
  return useQuery({
    queryKey: batchQueryKey(batchId),
    queryFn: ({ signal }) =>
      apiGet<BatchResponse>(`/api/batches/${encodeURIComponent(batchId ?? '')}`, { signal }).then(
        (answer) => answer.batch,
      ),
    enabled: batchId !== undefined,
    refetchInterval: (query) => (batchFinished(query.state.data) ? false : 1000),
  });
}

/** Cancels the batch's unfinished pictures (refunded); the answer, the batch as it now stands, is shown at once. */
export function useCancelBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) =>
      apiPost<BatchResponse>(`/api/batches/${encodeURIComponent(batchId)}/cancel`).then((answer) => answer.batch),
    onSuccess: (batch) => queryClient.setQueryData(batchQueryKey(batch.id), batch),
    // Nothing was left (409) or the answer was lost: the next look shows what is true.
    onError: (_error, batchId) => queryClient.invalidateQueries({ queryKey: batchQueryKey(batchId) }),
  });
}

/** The succeeded results as one ZIP, saved under `fileName`. */
export async function downloadBatchZip(batchId: string, fileName: string): Promise<void> {
  saveBlob(await apiGetBlob(`/api/batches/${encodeURIComponent(batchId)}/zip`), fileName);
}
