import { messages } from '@lumigen/contract/messages';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockServer } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { SubscribeForm } from './subscribe-form.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

let server: ReturnType<typeof mockServer>;

function answer(status: number, body: unknown) {
  server = mockServer({ 'POST /api/newsletter': [status, body] });
}

function fields() {
  return {
    user: userEvent.setup(),
    email: screen.getByLabelText('Email address') as HTMLInputElement,
    agreement: screen.getByRole('checkbox', { name: /privacy policy/i }) as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Subscribe' }),
  };
}

function setup() {
  renderWithProviders(<SubscribeForm />);
  return fields();
}

beforeEach(() => {
  server = mockServer({});
});
afterEach(() => {
  cleanup();
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.unstubAllGlobals();
});

describe('SubscribeForm', () => {
  it('does nothing when the address is empty or blank', async () => {
    const { user, email, agreement, submit } = setup();
    await user.click(agreement);
    await user.click(submit);
    await user.type(email, '   ');
    await user.click(submit);

    expect(server.calls).toEqual([]);
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without the privacy agreement shows an inline error and makes no call', async () => {
    const { user, email, agreement, submit } = setup();
    await user.type(email, 'ada@example.com');
    await user.click(submit);

    expect(screen.getByRole('alert').textContent).toBe(messages.newsletterAgreement);
    expect(agreement.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(agreement);
    expect(server.calls).toEqual([]);

    // Agreeing clears the error.
    await user.click(agreement);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a valid address before calling', async () => {
    const { user, email, agreement, submit } = setup();
    await user.type(email, 'not-an-address');
    await user.click(agreement);
    await user.click(submit);

    expect(screen.getByRole('alert').textContent).toMatch(/valid email address/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toEqual([]);
  });

  it('subscribes, clears the field and toasts the server’s message', async () => {
    answer(200, { success: true, message: messages.subscribed });
    const { user, email, agreement, submit } = setup();
    await user.type(email, 'ada@example.com');
    await user.click(agreement);
    await user.click(submit);

    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('subscribed successfully!'));
    expect(server.calls).toHaveLength(1);
    const [call] = server.calls;
    expect(call!.path).toBe('/api/newsletter');
    expect(call!.method).toBe('POST');
    expect(call!.body).toEqual({ email: 'ada@example.com', agreed: true });
    expect(email.value).toBe('');
    expect(agreement.checked).toBe(false);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows a server error as an error toast and keeps what was typed', async () => {
    answer(429, { success: false, message: 'Too many attempts. Try again in 60 seconds.' });
    const { user, email, agreement, submit } = setup();
    await user.type(email, 'ada@example.com');
    await user.click(agreement);
    await user.click(submit);

    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Too many attempts. Try again in 60 seconds.'));
    expect(notify.success).not.toHaveBeenCalled();
    expect(email.value).toBe('ada@example.com');
    // The toast is raised as the call fails; the form is enabled again with the render that follows.
    await vi.waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
  });
});

describe('NewsletterForm', () => {
  it('becomes the subscribe form once its code has loaded, and subscribes', async () => {
    answer(200, { success: true, message: messages.subscribed });
    // No IntersectionObserver in jsdom: the form counts as near at once and its code loads.
    await act(async () => {
      renderWithProviders(<NewsletterForm />);
      await import('./subscribe-form.tsx');
    });
    const { user, email, agreement, submit } = fields();
    await user.type(email, 'ada@example.com');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe(messages.newsletterAgreement);
    await user.click(agreement);
    await user.click(submit);

    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.subscribed));
    expect(server.calls[0]!.body).toEqual({ email: 'ada@example.com', agreed: true });
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('keeps what was typed before its code loaded, and sends a Subscribe pressed that early', async () => {
    // Far from the viewport: only touching the form loads its code.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    answer(200, { success: true, message: messages.subscribed });
    renderWithProviders(<NewsletterForm />);
    const plain = fields();
    fireEvent.change(plain.email, { target: { value: 'ada@example.com' } });
    fireEvent.click(plain.agreement);
    fireEvent.submit(plain.submit.closest('form')!);

    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.subscribed));
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.body).toEqual({ email: 'ada@example.com', agreed: true });
  });
});
