import { vi } from 'vitest';

/** Test support for this feature's component tests: the server as far as they talk to it. */
type Answer = [status: number, body: unknown];
export type Handler = Answer | ((body: unknown) => Answer | Promise<Answer>);
export type Call = { method: string; path: string; body: unknown; token: string | undefined };

/** Stubs fetch with `handlers` by "METHOD /path"; returns the calls it receives. Any other call fails the test. */
export function mockApi(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body, token: (init.headers as Record<string, string> | undefined)?.token });
      const handler = handlers[`${method} ${path}`];
      if (!handler) throw new Error(`unexpected call ${method} ${path}`);
      const [status, answer] = typeof handler === 'function' ? await handler(body) : handler;
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** get-credit for a signed-in user. */
export const creditAnswer = (overrides: { creditBalance?: number; emailVerified?: boolean; email?: string } = {}): Answer => [
  200,
  { success: true, message: 'Credit loaded', creditBalance: 5, name: 'Ada', email: 'ada@lumigen.example', emailVerified: false, ...overrides },
];
