import { expectedAnswer, findApiRoute } from '@lumigen/contract/routes';
import type { JobEventType } from '@lumigen/contract/jobs';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { defaultAnswers } from './answers.ts';
import type { Answer, Call, Handler } from './handler.ts';

/**
 * The web tests' one fake API: msw answers each request from the test's handlers, and every answer
 * is checked against the contract's route table (packages/contract/src/routes.ts), so a mocked
 * answer the real server could not give fails the test instead of passing it.
 */

export type { Answer, Call, Handler } from './handler.ts';

/** An answer that never arrives: the browser could not reach the server (fetch rejects with a TypeError). */
export const networkError = (): Response => Response.error();

export const server = setupServer();

// What went wrong on the fake server during the current test; the setup fails the test with it.
const problems: string[] = [];

export function takeProblems(): string[] {
  return problems.splice(0);
}

// jsdom's File does not survive Node's FormData serialization, so each call keeps the body the page passed to fetch.
const sentBodies = new Map<string, { body: BodyInit | null | undefined; headers: Record<string, string> }>();
let nextCallId = 0;
const callIdHeader = 'x-test-call';

function headersOf(init: HeadersInit | undefined): Record<string, string> {
  if (!init) return {};
  if (init instanceof Headers) return Object.fromEntries(init.entries());
  if (Array.isArray(init)) return Object.fromEntries(init);
  return { ...init };
}

/** Tags each request so its handler can see the body and headers as the page sent them; installed once, after msw's own interceptor. */
export function recordSentBodies(): void {
  const intercepted = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (input instanceof Request) return intercepted(input, init);
    const id = String(nextCallId++);
    const headers = headersOf(init.headers);
    sentBodies.set(id, { body: init.body, headers });
    return intercepted(input, { ...init, headers: { ...headers, [callIdHeader]: id } });
  };
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function keyPattern(key: string) {
  const [method, path] = key.split(' ') as [string, string];
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return { method, pattern: new RegExp(`^${segments.join('/')}$`) };
}

/** The handler for a call: an exact `METHOD /path` first, then a key with `:name` segments. */
function handlerFor(handlers: Record<string, Handler>, method: string, path: string): Handler | undefined {
  const exact = handlers[`${method} ${path}`];
  if (exact) return exact;
  const key = Object.keys(handlers).find((candidate) => {
    if (!candidate.includes(':')) return false;
    const { method: wanted, pattern } = keyPattern(candidate);
    return wanted === method && pattern.test(path);
  });
  return key ? handlers[key] : undefined;
}

/** Why `answer` breaks the contract for `METHOD path`, or undefined when the real server could answer it. */
async function contractBreach(method: string, path: string, answer: Answer): Promise<string | undefined> {
  if (answer instanceof Response && answer.type === 'error') return undefined;
  const route = findApiRoute(method, path);
  if (!route) return `${method} ${path} is not in the contract's route table`;
  const status = answer instanceof Response ? answer.status : answer[0];
  const expected = expectedAnswer(route, status);
  if (!expected) return `${route} does not answer ${status}`;
  let body: unknown;
  if (answer instanceof Response) {
    if (!(answer.headers.get('content-type') ?? '').includes('application/json')) {
      return 'json' in expected
        ? `${route} answers ${status} with JSON, not ${answer.headers.get('content-type') ?? 'untyped bytes'}`
        : undefined;
    }
    body = await answer.clone().json();
  } else {
    body = answer[1];
  }
  if (!('json' in expected)) return `${route} answers ${status} with ${expected.bytes} bytes, not JSON`;
  const parsed = expected.json.safeParse(body);
  return parsed.success ? undefined : `${route} ${status} breaks its schema: ${parsed.error.message}`;
}

/**
 * Answers `METHOD /path` (query ignored; `:name` matches a segment) from `handlers`, over defaults
 * for a signed-in Ada (get-credit, the local providers, no jobs, any image's bytes). Every call is
 * recorded; a call with no handler, or an answer outside the contract, fails the test.
 */
export function mockServer(handlers: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  const all: Record<string, Handler> = { ...defaultAnswers, ...handlers };
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const id = request.headers.get(callIdHeader) ?? '';
      const sent = sentBodies.get(id);
      sentBodies.delete(id);
      const headers = sent?.headers ?? Object.fromEntries(request.headers.entries());
      const call: Call = {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        body: sent ? readBody(sent.body) : undefined,
        headers,
        token: headers.token ?? null,
      };
      calls.push(call);
      const handler = handlerFor(all, call.method, call.path);
      if (!handler) {
        problems.push(`unexpected call ${call.method} ${call.path}`);
        return networkError();
      }
      const answer = typeof handler === 'function' ? await handler(call) : handler;
      const breach = await contractBreach(call.method, call.path, answer);
      if (breach) problems.push(breach);
      if (answer instanceof Response) return answer;
      const [status, body] = answer;
      return HttpResponse.json(body as never, { status });
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

/** A Server-Sent Events answer the test writes to as it goes. */
export function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send(type: JobEventType, data: unknown, id?: number) {
      controller.enqueue(
        encoder.encode(`${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`),
      );
    },
    /** The stream ends without the job's end (a proxy's timeout, a restarted server). */
    end: () => controller.close(),
    /** The connection breaks midway. */
    fail: () => controller.error(new TypeError('network error')),
  };
}
