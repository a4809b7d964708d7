import { useMutation } from '@tanstack/react-query';
import { apiGetBlob } from '../../../lib/api.ts';

/** The file name the export is saved under. */
export const exportFileName = 'lumigen-export.zip';

/**
 * Everything the account holds, as one ZIP. A plain link cannot send the `token` header, so the
 * bytes are fetched here and handed to the browser as a download.
 */
export function exportData(): Promise<Blob> {
  return apiGetBlob('/api/user/export');
}

export function useExportData() {
  return useMutation({ mutationFn: exportData });
}
