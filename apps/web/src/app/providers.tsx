import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toasts } from './toasts.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A 4xx will not get better by asking again.
      queries: { retry: (count, error) => count < 2 && ((error as { status?: number }).status ?? 0) >= 500 },
      mutations: { retry: false },
    },
  });
}

/** `client`: one the entry has already started queries on (main.tsx); else a new one. */
export function AppProviders({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
