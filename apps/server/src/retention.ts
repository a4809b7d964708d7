import type { Db } from './db/client.ts';
import { pruneAccountData } from './modules/accounts/accounts.repository.ts';
import { deleteFinishedJobsBefore } from './modules/jobs/jobs.repository.ts';
import { pruneOutbox } from './modules/mail/mailer.ts';
import { deleteLocalIntentsBefore } from './modules/payments/providers/local.ts';
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
