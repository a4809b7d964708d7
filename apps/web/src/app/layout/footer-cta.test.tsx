import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../features/auth/auth-context.tsx';
import { FooterCta } from './footer-cta.tsx';

function renderCta() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AuthProvider>
          <FooterCta />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('FooterCta', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'Credit loaded', creditBalance: 5, name: 'Ada', email: 'ada@example.com' }), { status: 200 })));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('invites a visitor to sign up', () => {
    renderCta();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
    expect(screen.getByText(/5 free credits/)).toBeTruthy();
  });

  it('sends a signed-in user to the generator instead of sign-up', () => {
    localStorage.setItem('token', 'valid-token');
    renderCta();
    expect(screen.getByRole('link', { name: 'Open the generator' }).getAttribute('href')).toBe('/generate');
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
    expect(screen.queryByText(/free credits/)).toBeNull();
  });
});
