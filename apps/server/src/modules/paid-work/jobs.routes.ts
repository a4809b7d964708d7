import { PassThrough } from 'node:stream';
import { jobsListQuery } from '@lumigen/contract/job-schemas';
import {
  jobPreviewLimits,
  type CancelJobResponse,
  type JobResponse,
  type JobsListResponse,
} from '@lumigen/contract/jobs';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { clientKey } from '../../lib/client-key.ts';
import { createOpenStreams, type OpenStreams } from '../../lib/open-streams.ts';
import { callerId, presentedCredential } from '../../lib/caller.ts';
import { z } from 'zod';
import type { JobsService, StreamedEvent } from './jobs.service.ts';

const jobIdParams = z.object({ id: z.string() });
const eventsRoute = '/api/jobs/:id/events';
const previewParams = z.object({
  id: z.string(),
  n: z.coerce.number().int().min(1).max(jobPreviewLimits.most),
});
// A proxy drops an idle connection after a minute or so; a comment line every 15 s keeps it (and
// more often when HTTP_IDLE_TIMEOUT_SECONDS is shorter, so a stream that is read never looks idle).
const heartbeatMs = 15_000;
// A refused stream is asked to wait this long: a stream of the same account may end by then.
const streamRetrySeconds = 10;

/** One Server-Sent Event: `id:` only for stored events (resumable), `event:` its type, `data:` its JSON. */
function formatEvent({ id, type, data }: StreamedEvent): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** `Last-Event-ID` as the stream's resume point: the seq of the last event the client has. */
function lastEventIdOf(header: string | string[] | undefined): number {
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * The jobs API for every kind: a job watched, listed or canceled. Each kind accepts its own jobs
 * with 202 (`POST /api/jobs/generate` in generation, `/api/jobs/tools/:tool` in tools).
 */
export async function jobsRoutes(
  app: FastifyInstance,
  {
    jobs,
    streams,
    openStreams = createOpenStreams(),
  }: {
    jobs: JobsService;
    streams: { maxPerUser: number; maxPerIp: number; idleTimeoutMs: number };
    /** Shared with whoever must end an account's streams (a suspension, decision 054). */
    openStreams?: OpenStreams;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tooManyStreams = () =>
    new AppError('rate_limited', messages.job.tooManyStreams(streams.maxPerUser, streamRetrySeconds), {
      headers: { 'retry-after': String(streamRetrySeconds) },
    });
  // A credential whose own open streams fill its account's allowance is refused before its session
  // is looked up: a client that re-asks at once after a 429 then costs no query
  // (docs/bench/2026-11-28-health-under-stream-flood.md).
  r.addHook('onRequest', async (request) => {
    if (request.routeOptions.url !== eventsRoute) return;
    const credential = presentedCredential(request);
    if (credential && openStreams.isFull(`credential:${credential}`, streams.maxPerUser)) throw tooManyStreams();
  });
  // Watching and listing also take an API key with the `read` scope; canceling needs the session.
  r.addHook('onRequest', (request) =>
    request.method === 'GET' ? app.requireSessionOrReadKey(request) : app.requireAuth(request),
  );

  r.get('/api/jobs', { schema: { querystring: jobsListQuery } }, async (request): Promise<JobsListResponse> => {
    return { success: true, ...(await jobs.list(callerId(request), request.query.status, request.query.cursor)) };
  });

  r.get('/api/jobs/:id', { schema: { params: jobIdParams } }, async (request): Promise<JobResponse> => {
    return { success: true, job: await jobs.get(callerId(request), request.params.id) };
  });

  r.get('/api/jobs/:id/previews/:n', { schema: { params: previewParams } }, async (request, reply) => {
    const webp = await jobs.preview(callerId(request), request.params.id, request.params.n);
    // Private, and gone when the job ends: no cache may keep it.
    return reply.type('image/webp').header('cache-control', 'private, no-store').send(webp);
  });

  r.post('/api/jobs/:id/cancel', { schema: { params: jobIdParams } }, async (request): Promise<CancelJobResponse> => {
    const job = await jobs.cancel(request.auth.userId, request.params.id);
    return { success: true, message: messages.job.cancelRequested, job };
  });

  r.get(eventsRoute, { schema: { params: jobIdParams } }, async (request, reply) => {
    const userId = callerId(request);
    const stop = new AbortController();
    // Counted before any query of the route: a refused stream costs the database only its session
    // lookup. Ending it from outside (the account suspended) stops the watch; the loop below then
    // closes the stream.
    const release = openStreams.enter(
      [
        [`user:${userId}`, streams.maxPerUser],
        [`ip:${clientKey(request.ip)}`, streams.maxPerIp],
        // Never fuller than its account's count: refusing by it early changes no answer.
        [`credential:${presentedCredential(request)}`, streams.maxPerUser],
      ],
      () => stop.abort(),
    );
    if (!release) throw tooManyStreams();
    let events: AsyncGenerator<StreamedEvent>;
    try {
      // Someone else's job, or none: an ordinary 404 before the stream starts.
      events = await jobs.openEvents(
        userId,
        request.params.id,
        lastEventIdOf(request.headers['last-event-id']),
        stop.signal,
      );
    } catch (error) {
      release();
      throw error;
    }
    const stream = new PassThrough();
    // A stream cannot answer a heartbeat: one whose client stops reading is closed by the
    // server's idle timeout (connectionTimeout), as its socket then completes no write, and its
    // slot is counted free on close; heartbeats keep a stream that is read from looking idle.
    const heartbeat = setInterval(
      () => stream.write(': keep-alive\n\n'),
      Math.min(heartbeatMs, streams.idleTimeoutMs / 3),
    );
    const end = () => {
      clearInterval(heartbeat);
      stop.abort();
      release();
    };
    // The client went away (or the answer ended): stop watching the job.
    reply.raw.on('close', end);
    void (async () => {
      try {
        for await (const event of events) stream.write(formatEvent(event));
      } catch (error) {
        request.log.error({ err: error }, 'job event stream failed');
      } finally {
        end();
        stream.end();
      }
    })();
    return reply
      .type('text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
