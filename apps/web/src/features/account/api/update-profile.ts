import type { UpdateProfileRequest, UpdateProfileResponse } from '@lumigen/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

export function updateProfile(body: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  return apiPost<UpdateProfileResponse>('/api/user/update', body);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
