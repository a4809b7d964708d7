import type { AdminUserResponse, AdminUsersResponse } from '@lumigen/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { adminQueryKey } from './get-actions.ts';

/** Accounts whose address, name or id matches `q`; the newest accounts without it. */
export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: [...adminQueryKey, 'users', q],
    queryFn: ({ signal }) =>
      apiGet<AdminUsersResponse>(`/api/admin/users${q ? `?${new URLSearchParams({ q })}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One customer's page. */
export function useAdminUser(id: string) {
  return useQuery({
    queryKey: [...adminQueryKey, 'user', id],
    queryFn: ({ signal }) => apiGet<AdminUserResponse>(`/api/admin/users/${encodeURIComponent(id)}`, { signal }),
  });
}
