/** The one error type services throw; the error handler maps `code` to an HTTP status. */
export const statusByCode = {
  bad_request: 400,
  unauthorized: 401,
  insufficient_credit: 402,
  // A card the payment provider refused: HTTP 402, as Stripe answers its card errors.
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  // Well-formed, but content the service cannot work with (an editing tool finds no subject).
  unprocessable: 422,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly statusCode: number;
  /** Fields added to the JSON answer beside `success` and `message` (e.g. `creditBalance`). */
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { extra?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusByCode[code];
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

/** PostgreSQL's unique_violation, wherever the driver or Drizzle put it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
