import { messages } from '@lumigen/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { ContactForm } from './contact-form.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    <MemoryRouter>
      <ContactForm />
    </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    name: screen.getByLabelText('Name') as HTMLInputElement,
    email: screen.getByLabelText('Email') as HTMLInputElement,
    comments: screen.getByLabelText('Comments') as HTMLTextAreaElement,
    submit: screen.getByRole('button', { name: 'Send message' }),
  };
}

describe('contact form', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
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
    expect(form.email.getAttribute('aria-describedby')).toBe(screen.getByText('Email must be a valid email address').id);
    expect(fetchMock).not.toHaveBeenCalled();
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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the message, then clears the form and confirms with a toast', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, message: messages.contactReceived }));
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, '  Ada Lovelace ');
    await user.type(form.email, 'Ada@Example.com');
    await user.type(form.comments, 'Can I use the images on packaging?');
    await user.click(form.submit);

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('submitted successfully! We will get back.'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    // The contract's schema trims and lower-cases before sending.
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', comments: 'Can I use the images on packaging?' });
    expect([form.name.value, form.email.value, form.comments.value]).toEqual(['', '', '']);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the server’s message as an error toast and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(json(429, { success: false, message: 'Too many attempts. Try again in 60 seconds.' }));
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
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, 'Ada');
    await user.type(form.email, 'ada@example.com');
    await user.type(form.comments, 'Hello');
    await user.click(form.submit);

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Could not reach Lumigen. Check your connection and try again.'));
    expect(form.comments.value).toBe('Hello');
  });
});
