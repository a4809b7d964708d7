import { messages } from '@lumigen/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../../../lib/session.tsx';

/** Helpers for the /profile section tests: a recorded fake server and the providers a section needs. */

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown; token: string | null };
type Answer = [status: number, body: unknown] | Response;
export type Handler = Answer | ((call: Call) => Answer | Promise<Answer>);

export const ada = { name: 'Ada', email: 'ada@lumigen.example' };

/** Answers `METHOD /path` (query ignored) from `handlers`, get-credit as Ada by default; every call is recorded. */
export function mockServer(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const all: Record<string, Handler> = {
    'POST /api/image/get-credit': [200, { success: true, message: messages.creditLoaded, creditBalance: 5, ...ada, emailVerified: true }],
    ...handlers,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://lumigen.test');
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: Call = {
        method: init.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        token: headers.token ?? null,
      };
      calls.push(call);
      const handler = all[`${call.method} ${call.path}`];
      if (!handler) throw new Error(`unexpected call ${call.method} ${call.path}`);
      const answer = typeof handler === 'function' ? await handler(call) : handler;
      if (answer instanceof Response) return answer;
      const [status, body] = answer;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The part under test at /profile (or `path`), with the session, a router and the pages it may send the user to. */
export function renderProfilePart(ui: ReactNode, path = '/profile') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            <Route path="/profile" element={ui} />
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="/login" element={<h1>Login page</h1>} />
            <Route path="*" element={<h1>Elsewhere</h1>} />
          </Routes>
          <Where />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
