import pg from 'pg';

/** The PostgreSQL server a bench section uses when TEST_DATABASE_URL names none (this machine's). */
export const defaultAdminUrl = 'postgres://postgres@127.0.0.1:5432/test';

/** Why PostgreSQL cannot be used, or undefined when it answers. */
export async function unreachable(adminUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${new URL(adminUrl).host} is unreachable (${error instanceof Error ? error.message : String(error)}); set TEST_DATABASE_URL`;
  } finally {
    await client.end().catch(() => undefined);
  }
}
