import type { CreateApiKeyRequest } from '@lumigen/contract/api-keys';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { hashToken } from '../lib/tokens.ts';

/**
 * Marks the session's account confirmed straight in the database, as opening the mailed link
 * would (the link itself is tested in email-verification.test.ts): only such an account makes keys.
 */
export async function confirmAddressOf(database: Database, token: string) {
  await database.db.execute(
    sql`UPDATE users SET email_verified_at = now() WHERE id = (SELECT user_id FROM sessions WHERE token_hash = ${hashToken(token)}) AND email_verified_at IS NULL`,
  );
}

/** Confirms the owner's address, then makes a key with their session; its id and the key, shown this once. */
export async function createKey(
  { app, database }: { app: FastifyInstance; database: Database },
  token: string,
  body: CreateApiKeyRequest = { name: 'script' },
): Promise<{ id: string; key: string }> {
  await confirmAddressOf(database, token);
  const response = await app.inject({ method: 'POST', url: '/api/keys', headers: { token }, payload: body });
  if (response.statusCode !== 201) throw new Error(`create key failed: ${response.statusCode} ${response.body}`);
  const { id, key } = response.json() as { id: string; key: string };
  return { id, key };
}

export async function revokeKey(app: FastifyInstance, token: string, id: string) {
  const response = await app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: { token } });
  if (response.statusCode !== 200) throw new Error(`revoke key failed: ${response.statusCode} ${response.body}`);
}

export async function listKeys(app: FastifyInstance, token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/keys', headers: { token } });
  if (response.statusCode !== 200) throw new Error(`list keys failed: ${response.statusCode} ${response.body}`);
  return (
    response.json() as {
      keys: Array<{
        id: string;
        name: string;
        prefix: string;
        scopes: string[];
        dailyCreditCap: number | null;
        lastUsedAt: string | null;
        spentToday: number;
      }>;
    }
  ).keys;
}
