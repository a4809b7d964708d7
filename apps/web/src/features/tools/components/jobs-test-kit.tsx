import { messages } from '@lumigen/contract/messages';
import type { JobEventType, JobKind, JobView } from '@lumigen/contract/jobs';
import { localEngines } from '@lumigen/contract/pricing';
import { toolIds } from '@lumigen/contract/tools';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../../../lib/session.tsx';

/** Helpers for the tool pages' job tests: a recorded fake server, job event streams, the page's providers. */

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
type Answer = [status: number, body: unknown] | Response;
export type Handler = Answer | ((call: Call) => Answer | Promise<Answer>);

export const noJobs = { success: true, jobs: [], nextCursor: null };

/** A Server-Sent Events answer the test writes to as it goes. */
export function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send(type: JobEventType, data: unknown, id?: number) {
      controller.enqueue(encoder.encode(`${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    /** The stream ends without the job's end (a proxy's timeout, a restarted server). */
    end: () => controller.close(),
    /** The connection breaks midway. */
    fail: () => controller.error(new TypeError('network error')),
  };
}

export function jobView(overrides: Partial<JobView> = {}): JobView {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    kind: 'generation',
    status: 'queued',
    progress: 0,
    position: null,
    imageId: null,
    message: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** The providers answer of a server on its own engines, its previews at `previewCredits`. */
export function localProviders(previewCredits: number) {
  const price = (kind: JobKind) => ({ credits: localEngines[kind] === 'preview' ? previewCredits : 1, preview: localEngines[kind] === 'preview' });
  return { success: true, generation: 'local', localPreview: true, tools: 'local', prices: { generation: price('generation'), tools: Object.fromEntries(toolIds.map((tool) => [tool, price(tool)])) } };
}

/**
 * Answers `METHOD /path` from `handlers` (a handler sees the query), with get-credit as Ada, the
 * local providers, no jobs and any image's bytes unless told otherwise; every call is recorded.
 */
export function mockServer(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const all: Record<string, Handler> = {
    'POST /api/image/get-credit': [200, { success: true, message: messages.creditLoaded, creditBalance: 5, name: 'Ada', email: 'ada@lumigen.example', emailVerified: true }],
    'GET /api/image/providers': [200, localProviders(1)],
    'GET /api/jobs': [200, noJobs],
    ...handlers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://lumigen.test');
      const call: Call = {
        method: init.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const handler = all[`${call.method} ${call.path}`] ?? (call.path.startsWith('/api/images/') ? new Response(new Blob(['png']), { status: 200 }) : undefined);
      if (!handler) throw new Error(`unexpected call ${call.method} ${call.path}`);
      const answer = typeof handler === 'function' ? await handler(call) : handler;
      if (answer instanceof Response) return answer;
      const [status, body] = answer;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${blob.size}`);
  URL.revokeObjectURL = vi.fn();
  return { calls, callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

/** A tool page signed in as Ada, with a fresh query cache. */
export function renderSignedIn(ui: ReactNode, path = '/generate') {
  localStorage.setItem('token', 'valid-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>{ui}</AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
