import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { countRows, databaseKinds, ledgerState, post, startTestApp, type TestContext } from '../../test/harness.ts';
import { linkIn, tokenOf, waitForMail } from '../../test/mail.ts';
import { bonusClaimHash, isDisposableEmail, normalizeEmail } from './email-identity.ts';

const noBonus =
  'Registered successfully! This e-mail address already received its free credits on another account, so this account starts with 0 credits.';
const disposable = 'Addresses from disposable e-mail services cannot be used. Please sign up with an address you keep.';

describe('normalizeEmail', () => {
  it.each([
    ['First.Last+promo@GoogleMail.com', 'firstlast@gmail.com'],
    ['f.i.r.s.t.last@gmail.com', 'firstlast@gmail.com'],
    ['First.Last+a+b@Example.com', 'first.last@example.com'],
    ['first.last@example.com', 'first.last@example.com'],
    ['+only-tag@example.com', '@example.com'],
  ])('%s → %s', (email, normalized) => {
    expect(normalizeEmail(email)).toBe(normalized);
    expect(bonusClaimHash(email)).toBe(createHash('sha256').update(normalized).digest('hex'));
  });

  it('knows disposable domains, their subdomains and wildcard entries, and nothing else', () => {
    expect(isDisposableEmail('someone@mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@Inbox.Mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@yopmail.com')).toBe(true);
    expect(isDisposableEmail('someone@gmail.com')).toBe(false);
    expect(isDisposableEmail('mailinator.com@example.com')).toBe(false);
  });
});

describe.each(databaseKinds)('one sign-up bonus per person on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const tag = () => randomBytes(4).toString('hex');
  const signUp = (email: string) =>
    post(t.app, '/api/user/register', undefined, { name: 'Bonus Hunter', email, password: 'long enough password' });

  it('grants the bonus once across Gmail dots, googlemail.com, +tags and case, saying why on the others', async () => {
    const base = `bonus${tag()}`;
    const first = await signUp(`${base.slice(0, 3)}.${base.slice(3)}+first@gmail.com`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'Registered successfully!', user: { creditBalance: 5 } });
    for (const variant of [
      `${base}@googlemail.com`,
      `${base.toUpperCase()}+second@Gmail.com`,
      `${base.slice(0, 1)}.${base.slice(1)}@gmail.com`,
    ]) {
      const again = await signUp(variant);
      expect(again.statusCode, variant).toBe(201);
      expect(again.json()).toMatchObject({ success: true, message: noBonus, user: { creditBalance: 0 } });
      expect(await ledgerState(t.database, again.json().user.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 0 });
    }
    // Outside Gmail, dots are part of the address: another person.
    const dotted = await signUp(`first.last.${tag()}@example.com`);
    const undotted = await signUp(dotted.json().user.email.replace('first.last', 'firstlast'));
    expect([dotted.json().user.creditBalance, undotted.json().user.creditBalance]).toEqual([5, 5]);
    const tagged = await signUp(dotted.json().user.email.replace('@', '+later@'));
    expect(tagged.json()).toMatchObject({ message: noBonus, user: { creditBalance: 0 } });
  });

  it('keeps only the hash of the normalized address, and it outlives the account', async () => {
    const email = `Kept.${tag()}+x@example.com`;
    const first = await signUp(email);
    const hash = createHash('sha256').update(normalizeEmail(email.toLowerCase())).digest('hex');
    const stored = await rows<{ address_hash: string }>(
      t.database.db,
      sql`SELECT address_hash FROM signup_bonus_claims WHERE address_hash = ${hash}`,
    );
    expect(stored).toEqual([{ address_hash: hash }]);
    const columns = await rows<{ column_name: string }>(
      t.database.db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'signup_bonus_claims' ORDER BY column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['address_hash', 'created_at']);

    await t.database.db.execute(sql`DELETE FROM users WHERE id = ${first.json().user.id}`);
    const again = await signUp(email);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ message: noBonus, user: { creditBalance: 0 } });
  });

  it('grants one bonus to concurrent sign-ups of spellings of one address', async () => {
    const base = `race${tag()}`;
    const responses = await Promise.all(
      [
        `${base}@gmail.com`,
        `${base}+1@gmail.com`,
        `${base}+2@googlemail.com`,
        `${base.slice(0, 2)}.${base.slice(2)}@gmail.com`,
      ].map(signUp),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(responses.map((r) => r.json().user.creditBalance).sort()).toEqual([0, 0, 0, 5]);
  });

  it.each(['someone@mailinator.com', 'someone@inbox.mailinator.com', 'Someone@YOPMAIL.com'])(
    'refuses the disposable address %s with 400 and creates nothing',
    async (email) => {
      const before = await countRows(t.database, 'users');
      const response = await signUp(email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: disposable });
      expect(await countRows(t.database, 'users')).toBe(before);
    },
  );

  it('the migration claims the addresses of accounts that had their bonus before the table, normalized alike', async () => {
    const emails = [`Old.Timer.${tag()}+promo@GoogleMail.com`, `old.${tag()}+a@Example.com`];
    for (const email of emails) expect((await signUp(email)).statusCode).toBe(201);
    const hashes = emails.map(bonusClaimHash);
    await t.database.db.execute(
      sql`DELETE FROM signup_bonus_claims WHERE address_hash IN (${sql.join(
        hashes.map((h) => sql`${h}`),
        sql`, `,
      )})`,
    );
    const migration = await readFile(
      path.resolve(import.meta.dirname, '../../db/migrations/0007_signup_bonus_claims.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await t.database.db.execute(sql.raw(backfill));
    const found = await rows<{ address_hash: string }>(
      t.database.db,
      sql`SELECT address_hash FROM signup_bonus_claims WHERE address_hash IN (${sql.join(
        hashes.map((h) => sql`${h}`),
        sql`, `,
      )}) ORDER BY address_hash`,
    );
    expect(found.map((r) => r.address_hash)).toEqual([...hashes].sort());
  });
});

describe.each(databaseKinds)('one bonus per person, granted on verification, on %s', (kind) => {
  let t: TestContext;
  const origin = 'https://studio.lumigen.example';
  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_ORIGIN: origin, SIGNUP_BONUS_AFTER_VERIFICATION: 'true' });
  });
  afterAll(() => t.close());

  const verify = async (email: string) => {
    const [mail] = await waitForMail(t.location.dataDir, email, { subject: 'Confirm your e-mail address for Lumigen' });
    const token = tokenOf(linkIn(mail!, `${origin}/verify#token=`));
    return post(t.app, '/api/user/verify', undefined, { token });
  };

  it('the second spelling verified gets no bonus and is told why', async () => {
    const base = `verified${randomBytes(4).toString('hex')}`;
    const emails = [`${base}+a@gmail.com`, `${base}+b@gmail.com`];
    for (const email of emails) {
      const response = await post(t.app, '/api/user/register', undefined, {
        name: 'Twice',
        email,
        password: 'long enough password',
      });
      expect(response.json().user.creditBalance).toBe(0);
    }
    expect((await verify(emails[0]!)).json()).toMatchObject({
      message: 'Your e-mail address is confirmed. 5 free credits were added to your account.',
      creditBalance: 5,
    });
    expect((await verify(emails[1]!)).json()).toEqual({
      success: true,
      message:
        'Your e-mail address is confirmed. This address already received its free credits on another account, so none were added.',
      creditBalance: 0,
    });
    // Registering a third spelling now: the answer already says no bonus will come.
    const third = await post(t.app, '/api/user/register', undefined, {
      name: 'Thrice',
      email: `${base}+c@googlemail.com`,
      password: 'long enough password',
    });
    expect(third.json()).toMatchObject({ message: noBonus, user: { creditBalance: 0 } });
  });
});
