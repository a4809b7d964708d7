import type { AdminJobRetryRequest, AdminJobRetryResponse } from '@lumigen/contract/admin';
import { apiPost } from '../../../lib/api.ts';

/** Runs a failed job again for its customer, charged or free. */
export function retryJob(jobId: string, body: AdminJobRetryRequest): Promise<AdminJobRetryResponse> {
  return apiPost<AdminJobRetryResponse>(`/api/admin/jobs/${encodeURIComponent(jobId)}/retry`, body);
}
