import type { FastifyInstance } from 'fastify';

/** Signs up `count` users through the API; one per connection makes session lookups realistic. */
export async function registerUsers(
  app: FastifyInstance,
  count: number,
): Promise<Array<{ id: string; token: string }>> {
  const users = [];
  for (let i = 0; i < count; i += 1) {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: `Bench ${i}`, email: `bench.${process.pid}.${i}@example.com`, password: 'bench password' },
    });
    const { token, user } = registered.json() as { token: string; user: { id: string } };
    users.push({ id: user.id, token });
  }
  return users;
}
