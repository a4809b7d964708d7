import { messages } from '@lumigen/contract/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockServer, networkError } from '../../../test/mock-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

let server: ReturnType<typeof mockServer>;

function renderForm() {
  renderWithProviders(<ContactForm />);
  return {
    name: screen.getByLabelText('Name') as HTMLInputElement,
    email: screen.getByLabelText('Email') as HTMLInputElement,
    comments: screen.getByLabelText('Comments') as HTMLTextAreaElement,
    submit: screen.getByRole('button', { name: 'Send message' }),
  };
}

describe('contact form', () => {
  beforeEach(() => {
    server = mockServer({});
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows an inline error on each empty field and makes no call', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.click(form.submit);

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Comments is required')).toBeTruthy();
    for (const field of [form.name, form.email, form.comments]) expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(form.email.getAttribute('aria-describedby')).toBe(
      screen.getByText('Email must be a valid email address').id,
    );
    expect(server.calls).toEqual([]);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('rejects a malformed e-mail and whitespace-only comments without a call', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, 'Ada');
    await user.type(form.email, 'ada@');
    await user.type(form.comments, '   ');
    await user.click(form.submit);

    expect(await screen.findByText('Email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Comments is required')).toBeTruthy();
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('sends the message, then clears the form and confirms with a toast', async () => {
    server = mockServer({ 'POST /api/contact': [200, { success: true, message: messages.contactReceived }] });
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, '  Ada Lovelace ');
    await user.type(form.email, 'Ada@Example.com');
    await user.type(form.comments, 'Can I use the images on packaging?');
    await user.click(form.submit);

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('submitted successfully! We will get back.'));
    expect(server.calls).toHaveLength(1);
    const [call] = server.calls;
    expect(call!.path).toBe('/api/contact');
    expect(call!.method).toBe('POST');
    // The contract's schema trims and lower-cases before sending.
    expect(call!.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      comments: 'Can I use the images on packaging?',
    });
    expect([form.name.value, form.email.value, form.comments.value]).toEqual(['', '', '']);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the server’s message as an error toast and keeps what was typed', async () => {
    server = mockServer({
      'POST /api/contact': [429, { success: false, message: 'Too many attempts. Try again in 60 seconds.' }],
    });
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, 'Ada');
    await user.type(form.email, 'ada@example.com');
    await user.type(form.comments, 'Hello');
    await user.click(form.submit);

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Too many attempts. Try again in 60 seconds.'));
    expect(notify.success).not.toHaveBeenCalled();
    expect([form.name.value, form.email.value, form.comments.value]).toEqual(['Ada', 'ada@example.com', 'Hello']);
    expect((form.submit as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the server cannot be reached', async () => {
    server = mockServer({ 'POST /api/contact': networkError });
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, 'Ada');
    await user.type(form.email, 'ada@example.com');
    await user.type(form.comments, 'Hello');
    await user.click(form.submit);

    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Could not reach Lumigen. Check your connection and try again.'),
    );
    expect(form.comments.value).toBe('Hello');
  });
});
