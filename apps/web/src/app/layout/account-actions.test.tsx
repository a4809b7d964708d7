import { act, cleanup } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditAnswer } from '../../test/answers.ts';
import { mockServer } from '../../test/mock-server.ts';
import { withProviders } from '../../test/render.tsx';
import { AccountActions } from './account-actions.tsx';

const app = () => withProviders(<AccountActions />);

async function prerenderThenHydrate() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(app());
  document.body.append(container);
  const prerendered = container.innerHTML;
  await act(async () => {
    hydrateRoot(container, app());
  });
  return { prerendered, container };
}

describe('AccountActions', () => {
  beforeEach(() => {
    localStorage.clear();
    mockServer({ 'POST /api/image/get-credit': creditAnswer({ email: 'ada@example.com' }) });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('is prerendered hidden: a signed-in user never sees Login flash before the session is read', async () => {
    localStorage.setItem('token', 'valid-token');
    const { prerendered, container } = await prerenderThenHydrate();
    expect(prerendered).toContain('account-actions--pending');
    expect(container.querySelector('.account-actions--pending')).toBeNull();
    await vi.waitFor(() => expect(container.textContent).toContain('Hi, Ada'));
    expect(container.textContent).not.toContain('Login');
  });

  it('shows Login and Get Started once the session is known to be empty', async () => {
    const { container } = await prerenderThenHydrate();
    expect(container.querySelector('.account-actions--pending')).toBeNull();
    expect(container.textContent).toContain('Login');
    expect(container.textContent).toContain('Get Started');
  });
});
