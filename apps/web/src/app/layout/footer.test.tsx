import { act, cleanup, fireEvent, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readReturnPath } from '../../lib/return-after-purchase.ts';
import { creditAnswer } from '../../test/answers.ts';
import { mockServer } from '../../test/mock-server.ts';
import { withProviders } from '../../test/render.tsx';
import { Footer } from './footer.tsx';

const app = () => withProviders(<Footer />, { path: '/removebg?from=footer' });

/** The page as a visitor first gets it (prerendered), then taken over by the browser. */
async function prerenderThenHydrate() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(app());
  document.body.append(container);
  const prerendered = container.innerHTML;
  await act(async () => {
    hydrateRoot(container, app());
  });
  const cta = () => within(container.querySelector<HTMLElement>('.footer__cta')!);
  return { prerendered, container, cta };
}

describe('the footer’s call to action', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    mockServer({
      'POST /api/image/get-credit': creditAnswer({ creditBalance: 40, emailVerified: true }),
      'GET /api/health': [200, { status: 'ok', database: 'up', generation: 'ok', disk: 'ok', uptimeSeconds: 1 }],
    });
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
  });

  it('offers a visitor the free credits and sign-up', async () => {
    const { container, cta } = await prerenderThenHydrate();
    expect(container.querySelector('.footer__cta--pending')).toBeNull();
    expect(cta().getByText('Sign up and get 5 free credits. No card needed.')).toBeDefined();
    expect(cta().getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
  });

  it('shows a signed-in person the balance and Buy credits, which comes back here after paying, never the sign-up offer', async () => {
    localStorage.setItem('token', 'valid-token');
    const { prerendered, container, cta } = await prerenderThenHydrate();
    // Prerendered without a session: laid out but hidden, so the sign-up offer never flashes by.
    expect(prerendered).toContain('footer__cta--pending');
    await vi.waitFor(() =>
      expect(cta().getByText('You have 40 credits. Top up whenever you need more.')).toBeDefined(),
    );
    expect(container.querySelector('.footer__cta--pending')).toBeNull();
    expect(container.querySelector('.footer__cta')?.textContent).not.toMatch(/free credits|Get Started/);
    const buy = cta().getByRole('link', { name: 'Buy credits' });
    expect(buy.getAttribute('href')).toBe('/pricing');
    fireEvent.click(buy);
    expect(readReturnPath()).toBe('/removebg?from=footer');
  });
});
