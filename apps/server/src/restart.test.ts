import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { createCreditsService } from './modules/credits/index.ts';
import { checkAnswers } from './test/contract-answers.ts';
import {
  createDatabaseLocation,
  databaseKinds,
  ledgerState,
  post,
  register,
  testConfig,
  type DatabaseLocation,
} from './test/harness.ts';

/** These tests let the app open its own database from configuration, as `npm start` does. */
describe.each(databaseKinds)('restarts on %s', (kind) => {
  let location: DatabaseLocation;
  afterEach(() => location.dispose());

  it('keeps users, sessions and balances across a restart', async () => {
    location = await createDatabaseLocation(kind);
    const first = checkAnswers(await buildApp({ config: testConfig(location), logger: false }));
    const { token, user, password } = await register(first);
    await post(first, '/api/image/deduct-credit', token);
    await first.close();

    const second = checkAnswers(await buildApp({ config: testConfig(location), logger: false }));
    try {
      const credit = await post(second, '/api/image/get-credit', token);
      expect(credit.statusCode).toBe(200);
      expect(credit.json().creditBalance).toBe(4);
      const login = await post(second, '/api/user/login', undefined, { email: user.email, password });
      expect(login.json()).toMatchObject({ success: true, user: { creditBalance: 4 } });
    } finally {
      await second.close();
    }
  });

  it('refunds at start-up a reservation that a crash left pending', async () => {
    location = await createDatabaseLocation(kind);
    const first = checkAnswers(await buildApp({ config: testConfig(location), logger: false }));
    const { user } = await register(first);
    await first.close();

    // The "crashed" process: it reserved a credit, then died before committing or refunding.
    const crashed = await openDatabase({ url: location.url, dataDir: location.dataDir });
    const { reservationId } = await createCreditsService(crashed.db).reserve(user.id, 1, 'generation');
    expect(await ledgerState(crashed, user.id)).toMatchObject({ balance: 4 });
    await crashed.close();

    // A tiny timeout makes the reservation stale by the time the next instance starts.
    const restarted = checkAnswers(
      await buildApp({ config: testConfig(location, { RESERVATION_TIMEOUT_MINUTES: '0.00001' }), logger: false }),
    );
    await restarted.close();

    const check = await openDatabase({ url: location.url, dataDir: location.dataDir });
    try {
      expect(await ledgerState(check, user.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 3 });
      const refund = await check.db.query.creditReservations.findFirst({
        where: (r, { eq }) => eq(r.id, reservationId),
      });
      expect(refund?.status).toBe('refunded');
    } finally {
      await check.close();
    }
  });
});
