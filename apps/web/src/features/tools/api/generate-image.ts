import type { GenerateImageRequest, GenerateImageResponse } from '@lumigen/contract/generation';
import { apiPost } from '../../../lib/api.ts';

export function generateImage(body: GenerateImageRequest): Promise<GenerateImageResponse> {
  return apiPost<GenerateImageResponse>('/api/image/generate-image', body);
}
