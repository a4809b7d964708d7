import type { ErrorResponse } from '@lumigen/contract/errors';
import { webMessages } from '@lumigen/contract/web-messages';
import { yieldToMain } from './yield-to-main.ts';

/** localStorage key of the session token (the specification names it `token`: docs/product.md). */
export const tokenStorageKey = 'token';

/** A failed call: `status` is the HTTP status, 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  /** The balance a 402 reports, so a caller can show it without another call. */
  readonly creditBalance: number | undefined;
  /** A refused card's code in Stripe's terms (card_declined, incomplete_cvc, …), so a form can mark the field. */
  readonly code: string | undefined;

  constructor(
    status: number,
    message: string,
    options: { creditBalance?: number; code?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.creditBalance = options.creditBalance;
    this.code = options.code;
  }
}

// localStorage throws when storage is disabled (some private modes); treat that as "no session".
// Components read the token through `subscribeToken` (useSyncExternalStore), so a change made
// here — sign-in, logout, a 401 — re-renders every reader, and prerendered HTML (no window) reads null.
const tokenListeners = new Set<() => void>();

export function subscribeToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  // Another tab logging in or out changes the same storage.
  window.addEventListener('storage', listener);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(tokenStorageKey);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    window.localStorage.setItem(tokenStorageKey, token);
  } catch {
    // Without storage the session lasts until the tab closes; nothing else to do.
  }
  for (const listener of tokenListeners) listener();
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(tokenStorageKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
  for (const listener of tokenListeners) listener();
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called after a 401 cleared the token (the router will send the user to /login). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> };

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isErrorBody(body: unknown): body is ErrorResponse {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

function errorFrom(status: number, body: unknown): ApiError {
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : webMessages.requestFailed(status);
  // A 402's balance and a refused card's code ride along.
  return new ApiError(status, message, isErrorBody(body) ? body : {});
}

/** Sends a call; any failure (network, 401, non-2xx) becomes an ApiError. JSON, or multipart for FormData. */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function send(
  method: Method,
  path: string,
  body: unknown,
  { signal, headers: extra }: RequestOptions,
): Promise<Response> {
  // Starting a request costs the main thread a few milliseconds, and calls are mostly asked for
  // together, in one commit's effects: a signed-in page's first commit started five, one long task
  // (decision 044). Each now starts in a task of its own.
  await yieldToMain();
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  const token = getToken();
  if (token) headers.token = token;
  const multipart = body instanceof FormData;
  const sendsBody = method === 'POST' || method === 'PUT';
  if (sendsBody && !multipart) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      signal,
      // The server treats an empty JSON body as "no body", as docs/product.md's credit calls send.
      body: sendsBody && body !== undefined ? (multipart ? body : JSON.stringify(body)) : undefined,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, webMessages.networkError, { cause: error });
  }

  if (response.status === 401) {
    clearToken();
    for (const listener of unauthorizedListeners) listener();
  }
  if (!response.ok) throw errorFrom(response.status, await readJson(response));
  return response;
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const response = await send(method, path, body, options);
  const data = await readJson(response);
  if (isErrorBody(data)) throw errorFrom(response.status, data);
  return data as T;
}

export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

/** JSON body, or a FormData sent as multipart (the editing tools' uploads). */
export function apiPost<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>('POST', path, body, options);
}

/** Replaces a resource with the JSON body (the console's prices). */
export function apiPut<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return request<T>('PUT', path, body, options);
}

export function apiDelete<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('DELETE', path, undefined, options);
}

/** A binary answer, such as one of the user's own images. */
export async function apiGetBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send('GET', path, undefined, options)).blob();
}

/**
 * A Server-Sent Events answer, opened with the token like every other call (EventSource cannot
 * send headers: decision 023). The caller reads `body`; `lastEventId` resumes a stream.
 */
export function apiGetEvents(
  path: string,
  { lastEventId, signal }: { lastEventId?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  return send('GET', path, undefined, {
    signal,
    headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  });
}
