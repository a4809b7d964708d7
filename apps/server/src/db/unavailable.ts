// A socket to PostgreSQL that could not be opened or broke (node-postgres passes Node's codes on).
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres's own words for a connection that ended or never came.
const driverMessages = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /timeout exceeded when trying to connect/,
  /^Connection ended/,
];

/**
 * The database is down or on its way down, as opposed to a query of ours that is wrong: the
 * request could not be served now and may be tried again (503). SQLSTATE class 08 (connection
 * exception) and 57P (the server shutting down, restarting, or not yet accepting connections).
 * Drizzle wraps the driver's error: the whole `cause` chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (socketCodes.has(code) || code.startsWith('08') || code.startsWith('57P')))
      return true;
    if (typeof message === 'string' && driverMessages.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
