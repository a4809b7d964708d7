import { describe, expect, it } from 'vitest';
import { creditAnswer } from './answers.ts';
import { mockServer, takeProblems } from './mock-server.ts';

// Each case takes the problems itself, so the setup's check after the test finds none left.
describe('the mock server holds answers to the contract', () => {
  it('answers and records a call the contract allows, with the body and token the page sent', async () => {
    const server = mockServer({ 'POST /api/image/get-credit': creditAnswer({ creditBalance: 7 }) });
    const response = await fetch('/api/image/get-credit?x=1', {
      method: 'POST',
      headers: { token: 't1' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(((await response.json()) as { creditBalance: number }).creditBalance).toBe(7);
    expect(server.calls.map(({ method, path, body, token }) => ({ method, path, body, token }))).toEqual([
      { method: 'POST', path: '/api/image/get-credit', body: { a: 1 }, token: 't1' },
    ]);
    expect(server.calls[0]!.query.get('x')).toBe('1');
    expect(takeProblems()).toEqual([]);
  });

  it('keeps a file sent in a form as the page sent it', async () => {
    const server = mockServer({
      'POST /api/jobs/tools/:tool': [
        202,
        { success: true, jobId: '11111111-1111-4111-8111-111111111111', status: 'queued' },
      ],
    });
    const form = new FormData();
    form.append('image_file', new File(['png'], 'photo.png', { type: 'image/png' }));
    await fetch('/api/jobs/tools/upscale', { method: 'POST', body: form });
    expect(((server.calls[0]!.body as FormData).get('image_file') as File).name).toBe('photo.png');
    expect(takeProblems()).toEqual([]);
  });

  it('reports an answer that breaks its schema', async () => {
    mockServer({ 'POST /api/image/get-credit': [200, { success: true, creditBalance: 'five' }] });
    await fetch('/api/image/get-credit', { method: 'POST' });
    expect(takeProblems()).toEqual([expect.stringContaining('POST /api/image/get-credit 200 breaks its schema')]);
  });

  it('reports a success status the route never answers, and a route the contract lacks', async () => {
    mockServer({ 'POST /api/contact': [201, { success: true, message: 'ok' }], 'GET /api/nowhere': [200, {}] });
    await fetch('/api/contact', { method: 'POST' });
    await fetch('/api/nowhere');
    expect(takeProblems()).toEqual([
      'POST /api/contact does not answer 201',
      "GET /api/nowhere is not in the contract's route table",
    ]);
  });

  it('checks an error against the error shape', async () => {
    mockServer({ 'POST /api/contact': [429, { message: 'Too many attempts' }] });
    await fetch('/api/contact', { method: 'POST' });
    expect(takeProblems()).toEqual([expect.stringContaining('POST /api/contact 429 breaks its schema')]);
  });

  it('fails a call no handler answers, as the network would', async () => {
    mockServer({});
    await expect(fetch('/api/contact', { method: 'POST' })).rejects.toThrow(TypeError);
    expect(takeProblems()).toEqual(['unexpected call POST /api/contact']);
  });
});
