import { apiGetBlob } from '../../../lib/api.ts';

/** An image carried over from another page (`?image=<id>`), fetched back as a file for the picker. */
export async function loadCarriedImage(imageId: string, signal?: AbortSignal): Promise<File> {
  const blob = await apiGetBlob(`/api/images/${encodeURIComponent(imageId)}`, { signal });
  return new File([blob], `lumigen-${imageId.slice(0, 8)}.png`, { type: blob.type || 'image/png' });
}
