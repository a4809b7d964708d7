import type { GenerateImageRequest, GenerateImageResponse } from '@lumigen/contract/generation';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

export function generateImage(body: GenerateImageRequest): Promise<GenerateImageResponse> {
  return apiPost<GenerateImageResponse>('/api/image/generate-image', body);
}

export function useGenerateImage() {
  return useMutation({ mutationFn: generateImage });
}
