type SerializedError = {
  type: string;
  message: string;
  stack: string;
  status?: number;
  code?: unknown;
  cause?: SerializedError;
};

/**
 * Errors as log lines, minus the values they carry. A failed query's message lists its
 * parameters (Drizzle appends `params: …`), and those are user data: prompts, e-mail addresses,
 * password hashes. The SQL text, the stack and the driver's error code stay, and are enough.
 */
export function serializeError(error: unknown): SerializedError {
  return serialize(error, 0);
}

function serialize(error: unknown, depth: number): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const message = withoutParams(error.message);
  const serialized: SerializedError = {
    type: error.constructor.name,
    message,
    stack: error.stack?.replace(error.message, message) ?? '',
  };
  // A provider's HTTP status and error code (OpenAI's APIError, our provider errors) say what failed.
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status === 'number') serialized.status = status;
  if (code !== undefined && code !== null) serialized.code = code;
  if (error.cause !== undefined && depth < 5) serialized.cause = serialize(error.cause, depth + 1);
  return serialized;
}

function withoutParams(message: string): string {
  const at = message.indexOf('\nparams: ');
  return at === -1 ? message : `${message.slice(0, at)}\nparams: [redacted]`;
}

/** Pages that a mailed link opens: whatever query such an address carries may be a link's token. */
const linkPages = new Set(['/reset', '/verify']);
/** Query parameters that hold a secret, wherever they appear. */
const secretParams = /^(token|key|api_key|apikey|access_token|code)$/i;

/**
 * The address a request log line shows. Mailed links carry their token in the fragment, which
 * never reaches us; an older link (or a hand-typed one) may still carry it in the query, so the
 * query of `/reset` and `/verify` is dropped, and any secret-named parameter elsewhere is masked.
 */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const pathname = url.slice(0, at);
  if (linkPages.has(pathname.replace(/\/+$/, ''))) return pathname;
  const params = new URLSearchParams(url.slice(at + 1));
  let masked = false;
  for (const name of [...params.keys()]) {
    if (secretParams.test(name)) {
      params.set(name, '[redacted]');
      masked = true;
    }
  }
  return masked ? `${pathname}?${params.toString()}` : url;
}

/** Fastify's own request serializer, with the address passed through `loggableUrl`. */
export function serializeRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    version: typeof request.headers?.['accept-version'] === 'string' ? request.headers['accept-version'] : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
