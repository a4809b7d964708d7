import type { JobView } from '@lumigen/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { multipartBody, type Part } from './tool-calls.ts';

export const catRequest = { prompt: 'A cat riding a horse', model: 'dall-e-2', size: '256x256', quality: 'standard' };

export function submitGeneration(app: FastifyInstance, token: string, body: Record<string, unknown> = catRequest) {
  return app.inject({ method: 'POST', url: '/api/jobs/generate', headers: { token }, payload: body });
}

export async function submitTool(app: FastifyInstance, token: string, tool: string, parts: Part[]) {
  const { payload, contentType } = await multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: `/api/jobs/tools/${tool}`,
    headers: { token, 'content-type': contentType },
    payload,
  });
}

export async function getJob(app: FastifyInstance, token: string, jobId: string): Promise<JobView> {
  const response = await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { token } });
  if (response.statusCode !== 200) throw new Error(`GET job: ${response.statusCode} ${response.body}`);
  return response.json().job as JobView;
}

/** Asks for the job until `done` says yes (by default: until it is over). */
export async function waitForJob(
  app: FastifyInstance,
  token: string,
  jobId: string,
  done = (job: JobView) => ['succeeded', 'failed', 'canceled'].includes(job.status),
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await getJob(app, token, jobId);
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} is still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type ParsedEvent = { id?: string; event: string; data: Record<string, unknown> };

/** A Server-Sent Events body as its events (comments skipped). */
export function parseEvents(body: string): ParsedEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const fields = Object.fromEntries(
        block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      );
      return {
        ...(fields.id ? { id: fields.id } : {}),
        event: fields.event ?? '',
        data: JSON.parse(fields.data ?? '{}') as Record<string, unknown>,
      };
    });
}
