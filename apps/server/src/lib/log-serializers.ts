type SerializedError = { type: string; message: string; stack: string; status?: number; code?: unknown; cause?: SerializedError };

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
