import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import {
  databaseKinds,
  ledgerState,
  register,
  startTestApp,
  storedImageFiles,
  type TestContext,
} from '../../test/harness.ts';
import { pngOf } from '../../test/tool-calls.ts';
import { createCreditsService, type CreditsService } from '../credits/index.ts';
import { createFileImageStore, createImagesService, type ImagesService } from '../images/index.ts';
import { createPaidImages } from './paid-image.ts';

/** The process died here: nothing after this point runs, not even its own clean-up. */
class Crash extends Error {}

describe.each(databaseKinds)('a paid image on %s', (kind) => {
  let t: TestContext;
  let credits: CreditsService;
  let images: ImagesService;
  let png: Buffer;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    t = await startTestApp(kind);
    credits = createCreditsService(t.database.db);
    images = createImagesService(t.database.db, createFileImageStore(path.join(t.location.dataDir, 'images')));
    png = await pngOf(32, 24);
  });
  afterAll(() => t.close());

  const imageRowsOf = async (userId: string) =>
    rows<{ id: string }>(t.database.db, sql`SELECT id FROM images WHERE user_id = ${userId}`);
  const made = () => ({
    kind: 'generation',
    prompt: 'a cat',
    params: {},
    provider: 'local',
    png,
    width: 32,
    height: 24,
  });

  it('a crash after the file is stored and before the commit leaves, after the retry, one image and one charge', async () => {
    const { user } = await register(t.app);
    const { reservationId } = await credits.reserve(user.id, 1, 'generation');

    // The first attempt dies inside the claim: its own discard never runs, as in a SIGKILLed process.
    const dying = createPaidImages({
      db: t.database.db,
      credits,
      images: { ...images, removeStored: async () => undefined },
    });
    await expect(
      dying.deliver({
        userId: user.id,
        reservationId,
        made: made(),
        log,
        claim: async () => {
          throw new Crash('killed between the stored file and the commit');
        },
      }),
    ).rejects.toBeInstanceOf(Crash);

    // The retry, in the next process.
    const retry = createPaidImages({ db: t.database.db, credits, images });
    const image = await retry.deliver({
      userId: user.id,
      reservationId,
      made: made(),
      log,
      claim: async () => true,
    });

    expect(await imageRowsOf(user.id)).toEqual([{ id: image!.id }]);
    // The sign-up bonus and one reservation, committed once: one charge.
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
    const reservation = await rows<{ status: string; image_id: string | null }>(
      t.database.db,
      sql`SELECT status, image_id FROM credit_reservations WHERE id = ${reservationId}`,
    );
    expect(reservation).toEqual([{ status: 'committed', image_id: image!.id }]);
  });

  it('an attempt that loses the claim keeps neither a row nor a stored file', async () => {
    const { user } = await register(t.app);
    const { reservationId } = await credits.reserve(user.id, 1, 'generation');
    const before = await storedImageFiles(t.location);
    const paid = createPaidImages({ db: t.database.db, credits, images });
    expect(
      await paid.deliver({ userId: user.id, reservationId, made: made(), log, claim: async () => false }),
    ).toBeUndefined();
    expect(await imageRowsOf(user.id)).toEqual([]);
    expect(await storedImageFiles(t.location)).toEqual(before);
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 4, ledgerSum: 4, ledgerRows: 2 });
  });

  it('a reservation the sweep refunded is charged again at the amount it held, not at a later price', async () => {
    const { user } = await register(t.app);
    const { reservationId } = await credits.reserve(user.id, 2, 'generation');
    await credits.refund(reservationId);
    // The operator changes the generation's price while the provider works; the job keeps its own.
    await t.database.db.execute(sql`UPDATE action_prices SET credits = 4 WHERE action = 'generation'`);
    const paid = createPaidImages({ db: t.database.db, credits, images });
    const image = await paid.deliver({ userId: user.id, reservationId, made: made(), log, claim: async () => true });
    expect(image).toBeDefined();
    // Bonus 5, reserved 2, refunded 2, charged 2 again.
    expect(await ledgerState(t.database, user.id)).toEqual({ balance: 3, ledgerSum: 3, ledgerRows: 4 });
  });
});
