import type { AdminPriceRequest, AdminPriceResponse, AdminPricesResponse } from '@lumigen/contract/admin';
import type { PriceAction } from '@lumigen/contract/pricing';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api.ts';
import { adminQueryKey } from './get-actions.ts';

/** Every paid action's price now (docs/decisions/056). */
export function useAdminPrices() {
  return useQuery({
    queryKey: [...adminQueryKey, 'prices'],
    queryFn: ({ signal }) => apiGet<AdminPricesResponse>('/api/admin/prices', { signal }),
  });
}

/** Sets one action's price; the server audits it with the reason. */
export function setPrice(action: PriceAction, body: AdminPriceRequest): Promise<AdminPriceResponse> {
  return apiPut<AdminPriceResponse>(`/api/admin/prices/${action}`, body);
}
