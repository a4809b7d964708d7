import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import {
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  storedImageFiles,
  type TestContext,
} from '../../test/harness.ts';
import { createIntent } from '../../test/payment-calls.ts';

const visa = '4242 4242 4242 4242';

describe.each(databaseKinds)('POST /api/user/delete on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => post(t.app, '/api/user/login', undefined, { email, password });
  const generate = async (token: string) => {
    const response = await post(t.app, '/api/image/generate-image', token, {
      prompt: 'A paper boat',
      model: 'dall-e-2',
      size: '256x256',
      quality: 'standard',
    });
    expect(response.statusCode).toBe(200);
    return response.json().imageId as string;
  };

  it("deletes the contact messages and the newsletter entry of the account's address, and nobody else's", async () => {
    const { user, token, password } = await register(t.app);
    const bystander = await register(t.app);
    for (const email of [user.email, user.email.toUpperCase(), bystander.user.email]) {
      expect(
        (await post(t.app, '/api/contact', undefined, { name: 'Ada', email, comments: 'Hello there' })).statusCode,
      ).toBe(200);
    }
    for (const email of [user.email, bystander.user.email])
      expect((await post(t.app, '/api/newsletter', undefined, { email, agreed: true })).statusCode).toBe(200);

    expect((await post(t.app, '/api/user/delete', token, { password })).statusCode).toBe(200);
    const addresses = [user.email.toLowerCase(), bystander.user.email.toLowerCase()];
    const contacts = await rows<{ email: string }>(
      t.database.db,
      sql`SELECT lower(email) AS email FROM contact_messages WHERE lower(email) IN (${addresses[0]}, ${addresses[1]})`,
    );
    expect(contacts).toEqual([{ email: addresses[1] }]);
    const subscribers = await rows<{ email: string }>(
      t.database.db,
      sql`SELECT lower(email) AS email FROM newsletter_subscribers WHERE lower(email) IN (${addresses[0]}, ${addresses[1]})`,
    );
    expect(subscribers).toEqual([{ email: addresses[1] }]);
  });

  it('removes images, sessions and personal details; ledger and payments stay, anonymous; no second bonus', async () => {
    const { user, token, password } = await register(t.app, { name: 'Del Eted' });
    const otherSession = (await login(user.email, password)).json().token as string;
    const bystander = await register(t.app);
    const keptImage = await generate(bystander.token);
    const filesBefore = await storedImageFiles(t.location);
    const images = [await generate(token), await generate(token)];
    const intent = await createIntent(t.app, token, 'Starter');
    await post(t.app, '/api/payments/local/confirm', token, {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: visa,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    expect((await storedImageFiles(t.location)).length).toBe(filesBefore.length + 2);
    const ledgerBefore = await ledgerState(t.database, user.id);

    const deleted = await post(t.app, '/api/user/delete', token, { password });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      success: true,
      message: 'Your account has been deleted. Your images are gone and you have been signed out.',
    });

    // Signed out everywhere; the old address and password open nothing.
    for (const session of [token, otherSession])
      expect((await post(t.app, '/api/image/get-credit', session)).statusCode).toBe(401);
    expect((await login(user.email, password)).statusCode).toBe(401);
    // The images left storage; the bystander's did not.
    expect(await storedImageFiles(t.location)).toEqual(filesBefore);
    for (const id of images)
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: { token: bystander.token } }))
          .statusCode,
      ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/images/${keptImage}`, headers: { token: bystander.token } }))
        .statusCode,
    ).toBe(200);

    // Accounting keeps the ledger and the payment, with name and e-mail gone from the user row.
    const [row] = await rows<{ name: string; email: string; deleted: boolean }>(
      t.database.db,
      sql`SELECT name, email, deleted_at IS NOT NULL AS deleted FROM users WHERE id = ${user.id}`,
    );
    expect(row).toEqual({ name: '', email: `deleted-${user.id}@deleted.invalid`, deleted: true });
    expect(await ledgerState(t.database, user.id)).toEqual(ledgerBefore);
    const [payment] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${user.id} AND status = 'succeeded'`,
    );
    expect(payment?.n).toBe(1);
    const [personal] = await rows<{ sessions: number; tokens: number; images: number; jobs: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM sessions WHERE user_id = ${user.id})::int AS sessions,
                 (SELECT count(*) FROM account_tokens WHERE user_id = ${user.id})::int AS tokens,
                 (SELECT count(*) FROM images WHERE user_id = ${user.id})::int AS images,
                 (SELECT count(*) FROM jobs WHERE user_id = ${user.id})::int AS jobs`,
    );
    expect(personal).toEqual({ sessions: 0, tokens: 0, images: 0, jobs: 0 });

    // The address may register again, as a new account without the bonus.
    const again = await post(t.app, '/api/user/register', undefined, {
      name: 'Del Again',
      email: user.email,
      password,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().user).toMatchObject({ creditBalance: 0 });
    expect(again.json().user.id).not.toBe(user.id);
    expect(again.json().message).toContain('already received its free credits');
  });

  it('needs the password, changes nothing without it, and only ever deletes the caller', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const image = await generate(a.token);
    for (const [body, status, message] of [
      [{ password: 'not my password' }, 400, 'The password is not correct'],
      [{ password: b.password, userId: b.user.id }, 400, 'Unknown field: userId'],
      [{}, 400, 'Password is required'],
    ] as const) {
      const refused = await post(t.app, '/api/user/delete', a.token, body);
      expect(refused.statusCode).toBe(status);
      expect(refused.json()).toEqual({ success: false, message });
    }
    expect((await post(t.app, '/api/user/delete', undefined, { password: a.password })).statusCode).toBe(401);
    expect((await post(t.app, '/api/image/get-credit', a.token)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/images/${image}`, headers: { token: a.token } })).statusCode,
    ).toBe(200);

    // Work still in progress would store an image for a deleted account: finish or cancel it first.
    await t.database.db.execute(
      sql`INSERT INTO jobs (id, user_id, kind, params, status, reservation_id) VALUES (gen_random_uuid(), ${a.user.id}, 'generation', '{}'::jsonb, 'running', gen_random_uuid())`,
    );
    const busy = await post(t.app, '/api/user/delete', a.token, { password: a.password });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({
      success: false,
      message:
        'Some of your images are still being made. Wait for them to finish, or cancel them, then delete your account.',
    });
    expect((await post(t.app, '/api/image/get-credit', a.token)).statusCode).toBe(200);

    // B deleting B leaves A alone.
    expect((await post(t.app, '/api/user/delete', b.token, { password: b.password })).statusCode).toBe(200);
    expect((await post(t.app, '/api/image/get-credit', a.token)).statusCode).toBe(200);
    expect((await login(a.user.email, a.password)).statusCode).toBe(200);
  });
});
