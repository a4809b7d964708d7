import type { CreateApiKeyRequest } from '@lumigen/contract/api-keys';
import type { FastifyInstance } from 'fastify';

/** Makes a key with the owner's session; its id and the key, shown this once. */
export async function createKey(app: FastifyInstance, token: string, body: CreateApiKeyRequest = { name: 'script' }): Promise<{ id: string; key: string }> {
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
  return (response.json() as { keys: Array<{ id: string; name: string; prefix: string; scopes: string[]; dailyCreditCap: number | null; lastUsedAt: string | null; spentToday: number }> }).keys;
}
