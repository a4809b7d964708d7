import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
// Drizzle wraps the driver's error: "Failed query: …" with the driver's error as its cause.
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('a database that is down, told from a query that is wrong', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', wrapped(withCode('ECONNRESET'))],
    [
      'the server shutting down (57P01)',
      wrapped(withCode('57P01', 'terminating connection due to administrator command')),
    ],
    ['the server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006')],
    ['a connection that ended', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
  ])('%s is the database being unavailable', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a syntax error (42601)', wrapped(withCode('42601', 'syntax error at or near "selec"'))],
    ['a unique violation (23505)', wrapped(withCode('23505'))],
    ['a check violation (23514)', withCode('23514')],
    ['a bug of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s is not', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
