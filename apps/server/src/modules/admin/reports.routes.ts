import { adminJobParams, adminJobRetryRequest, type AdminJobRetryResponse } from '@lumigen/contract/admin';
import {
  adminJobsQuery,
  adminOverviewQuery,
  adminPaymentsQuery,
  adminReportMessages,
  type AdminJobsResponse,
  type AdminOverviewResponse,
  type AdminPaymentsResponse,
  type AdminProvidersResponse,
} from '@lumigen/contract/admin-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminReports } from './reports.service.ts';
import type { JobRetry } from './retry.service.ts';

export type ReportRouteDeps = { reports: AdminReports; retry: JobRetry };

/**
 * Money, work, providers and the overview (docs/api.md, "Operator console"). Registered inside the
 * admin plugin, behind its guard: 404 to all but an admin session, a recent password for the retry.
 */
export function reportRoutes(app: FastifyInstance, { reports, retry }: ReportRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/payments',
    { schema: { querystring: adminPaymentsQuery } },
    (request): Promise<AdminPaymentsResponse> => reports.payments(request.query.days),
  );

  r.get('/api/admin/jobs', { schema: { querystring: adminJobsQuery } }, (request): Promise<AdminJobsResponse> =>
    reports.jobs(request.query),
  );

  r.get('/api/admin/providers', (): Promise<AdminProvidersResponse> => reports.providers());

  r.get(
    '/api/admin/overview',
    { schema: { querystring: adminOverviewQuery } },
    (request): Promise<AdminOverviewResponse> => reports.overview(request.query.days),
  );

  r.post(
    '/api/admin/jobs/:id/retry',
    { schema: { params: adminJobParams, body: adminJobRetryRequest } },
    async (request): Promise<AdminJobRetryResponse> => {
      const { charge, reason } = request.body;
      const done = await retry({ adminId: request.auth.userId, jobId: request.params.id, charge, reason });
      request.log.info(
        { adminId: request.auth.userId, retriedJobId: request.params.id, jobId: done.jobId, charge },
        'job retried by an operator',
      );
      return {
        success: true,
        message: adminReportMessages.retried(charge),
        actionId: done.actionId,
        jobId: done.jobId,
        creditBalance: done.creditBalance,
      };
    },
  );
}
