import type { Db } from './db/client.ts';
import { pruneAccountData } from './modules/accounts/index.ts';
import { pruneOutbox } from './modules/mail/index.ts';
import { deleteFinishedJobsBefore } from './modules/paid-work/index.ts';
import { deleteLocalIntentsBefore } from './modules/payments/index.ts';
import type { Config } from './config.ts';

/**
 * The retention sweep, run with the reservation sweep: what people leave behind goes at its age
 * (docs/product.md, privacy), each kind by its own rule and nothing younger.
 */
export async function pruneRetainedData(
  db: Db,
  { retention, outboxDir }: { retention: Config['retention']; outboxDir: string },
): Promise<void> {
  await pruneAccountData(db, retention);
  await deleteFinishedJobsBefore(db, retention.jobsDays);
  await deleteLocalIntentsBefore(db, retention.localPaymentIntentsDays);
  await pruneOutbox(outboxDir, retention.outboxDays);
}
