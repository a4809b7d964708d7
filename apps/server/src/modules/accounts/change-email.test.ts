import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import {
  databaseKinds,
  ledgerState,
  post,
  register,
  startTestApp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness.ts';
import { linkIn, outbox, tokenOf as tokenIn, waitForMail } from '../../test/mail.ts';

const origin = 'https://studio.lumigen.example';
const changeSubject = 'Confirm your new e-mail address for Lumigen';

const login = (t: TestContext, email: string, password: string) =>
  post(t.app, '/api/user/login', undefined, { email, password });
const tokenOf = (mail: { text: string; subject: string; from: string; to: string; html: string; raw: string }) =>
  tokenIn(linkIn(mail, `${origin}/verify#token=`));

describe.each(databaseKinds)('POST /api/user/change-email on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_ORIGIN: origin });
  });
  afterAll(() => t.close());

  it('mails the new address and changes nothing until its link is opened; then the new address signs in', async () => {
    const { user, token, password } = await register(t.app, { name: 'Mo Ving' });
    const newEmail = uniqueEmail('moved');
    const asked = await post(t.app, '/api/user/change-email', token, { email: newEmail, password });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      success: true,
      message: `We sent a confirmation link to ${newEmail}. Your address changes when you open it.`,
    });

    const [mail] = await waitForMail(t.location.dataDir, newEmail, { subject: changeSubject });
    expect(mail!.text).toContain('Hello Mo Ving,');
    expect(mail!.html).toContain(`${origin}/verify#token=`);
    // Until the link is opened, the old address is the account's.
    expect((await login(t, user.email, password)).statusCode).toBe(200);
    expect((await login(t, newEmail, password)).statusCode).toBe(401);

    const confirmed = await post(t.app, '/api/user/verify', undefined, { token: tokenOf(mail!) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      message: `Your e-mail address is now ${newEmail}.`,
      creditBalance: 5,
    });
    expect((await login(t, user.email, password)).statusCode).toBe(401);
    const signedIn = await login(t, newEmail, password);
    expect(signedIn.json().user).toMatchObject({ id: user.id, email: newEmail, emailVerified: true, creditBalance: 5 });
    // No second bonus for a second address.
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });

    const again = await post(t.app, '/api/user/verify', undefined, { token: tokenOf(mail!) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: 'This confirmation link has already been used.' });
  });

  it('refuses a wrong password, the same address, a disposable one, a taken one and bad input, mailing nothing', async () => {
    const { user, token, password } = await register(t.app);
    const other = await register(t.app);
    // Their sign-up mails leave in the background: count from when both are out.
    for (const address of [user.email, other.user.email]) await waitForMail(t.location.dataDir, address);
    const sentBefore = (await outbox(t.location.dataDir)).length;
    const cases: Array<[unknown, number, string]> = [
      [{ email: uniqueEmail(), password: 'not my password' }, 400, 'The password is not correct'],
      [{ email: user.email.toUpperCase(), password }, 400, 'That is already your e-mail address.'],
      [
        { email: 'someone@mailinator.com', password },
        400,
        'Addresses from disposable e-mail services cannot be used. Please sign up with an address you keep.',
      ],
      [{ email: other.user.email, password }, 409, 'Email already registered'],
      [{ email: 'not an address', password }, 400, 'Email must be a valid email address'],
      [{ email: uniqueEmail() }, 400, 'Password is required'],
      [{ email: uniqueEmail(), password, name: 'x' }, 400, 'Unknown field: name'],
    ];
    for (const [body, status, message] of cases) {
      const refused = await post(t.app, '/api/user/change-email', token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.json()).toEqual({ success: false, message });
    }
    expect(
      (await post(t.app, '/api/user/change-email', undefined, { email: uniqueEmail(), password })).statusCode,
    ).toBe(401);
    // Give a background send the time it would take, then check nothing was written.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await outbox(t.location.dataDir)).length).toBe(sentBefore);
    expect((await login(t, user.email, password)).statusCode).toBe(200);
  });

  it('refuses the link when the new address was taken meanwhile, and keeps the old one', async () => {
    const { user, token, password } = await register(t.app);
    const newEmail = uniqueEmail('contested');
    await post(t.app, '/api/user/change-email', token, { email: newEmail, password });
    const [mail] = await waitForMail(t.location.dataDir, newEmail, { subject: changeSubject });
    await register(t.app, { email: newEmail });
    const refused = await post(t.app, '/api/user/verify', undefined, { token: tokenOf(mail!) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'Email already registered' });
    expect((await login(t, user.email, password)).json().user.email).toBe(user.email);
  });

  it('an older change link stops working once a newer one is asked for', async () => {
    const { user, token, password } = await register(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await post(t.app, '/api/user/change-email', token, { email: first, password });
    await post(t.app, '/api/user/change-email', token, { email: second, password });
    const [firstMail] = await waitForMail(t.location.dataDir, first, { subject: changeSubject });
    const [secondMail] = await waitForMail(t.location.dataDir, second, { subject: changeSubject });
    const stale = await post(t.app, '/api/user/verify', undefined, { token: tokenOf(firstMail!) });
    expect(stale.statusCode).toBe(400);
    expect((await post(t.app, '/api/user/verify', undefined, { token: tokenOf(secondMail!) })).statusCode).toBe(200);
    const [row] = await rows<{ email: string }>(t.database.db, sql`SELECT email FROM users WHERE id = ${user.id}`);
    expect(row?.email).toBe(second);
  });
});
