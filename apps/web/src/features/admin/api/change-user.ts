import type { AdminChangeResponse } from '@lumigen/contract/admin';
import { apiPost } from '../../../lib/api.ts';

const base = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

/** The changes made from a customer's page; each needs a reason, and the server audits it. */
export const changeUser = {
  credits: (userId: string, delta: number, reason: string) =>
    apiPost<AdminChangeResponse>(`${base(userId)}/credits`, { delta, reason }),
  suspend: (userId: string, reason: string) => apiPost<AdminChangeResponse>(`${base(userId)}/suspend`, { reason }),
  unsuspend: (userId: string, reason: string) => apiPost<AdminChangeResponse>(`${base(userId)}/unsuspend`, { reason }),
  revokeSession: (userId: string, sessionId: string, reason: string) =>
    apiPost<AdminChangeResponse>(`${base(userId)}/sessions/${encodeURIComponent(sessionId)}/revoke`, { reason }),
  revokeKey: (userId: string, keyId: string, reason: string) =>
    apiPost<AdminChangeResponse>(`${base(userId)}/keys/${encodeURIComponent(keyId)}/revoke`, { reason }),
  resendConfirmation: (userId: string, reason: string) =>
    apiPost<AdminChangeResponse>(`${base(userId)}/resend-confirmation`, { reason }),
  forgiveShortfall: (userId: string, reason: string) =>
    apiPost<AdminChangeResponse>(`${base(userId)}/forgive-shortfall`, { reason }),
  delete: (userId: string, reason: string) => apiPost<AdminChangeResponse>(`${base(userId)}/delete`, { reason }),
};
