import { hash } from 'node:crypto';
import type pg from 'pg';

type Query = (...args: unknown[]) => unknown;
type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * Named statements one connection keeps at most. Past it, new texts run unnamed: a text built with
 * a varying number of parameters must not grow a connection's prepared statements without end.
 */
export const maxNamedStatements = 256;

/**
 * Makes every statement with parameters that `client` runs a named statement on its connection,
 * so PostgreSQL parses and plans it once per connection, not once per call (decision 041): the
 * planning alone was about 2 ms of PostgreSQL's CPU per paid call. The name is a digest of the
 * text, so one text always finds its statement. Texts without parameters (DDL, several statements
 * at once, BEGIN and COMMIT) stay simple queries; a statement that already has a name keeps it.
 */
export function nameStatements(client: pg.ClientBase): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (config: unknown, values?: unknown, ...rest: unknown[]) => {
    const plain: QueryConfig | null = typeof config === 'string' ? { text: config } : (config as QueryConfig | null);
    const params = Array.isArray(values) ? values : plain?.values;
    const nameable =
      plain &&
      typeof plain.text === 'string' &&
      plain.name === undefined &&
      typeof plain.submit !== 'function' &&
      Array.isArray(params) &&
      params.length > 0;
    if (!nameable) return query(config, values, ...rest);
    const name = `s${hash('sha1', plain.text as string, 'base64url')}`;
    if (!named.has(name)) {
      if (named.size >= maxNamedStatements) return query(config, values, ...rest);
      named.add(name);
    }
    // A callback may stand where the values are (`query(config, callback)`).
    return query({ ...plain, name, values: params }, ...(typeof values === 'function' ? [values] : []), ...rest);
  };
}
