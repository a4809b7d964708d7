import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers, users } from '../../db/schema.ts';

export async function insertContactMessage(ex: Executor, values: { name: string; email: string; comments: string }) {
  await ex.insert(contactMessages).values(values);
}

export async function insertSubscriber(ex: Executor, email: string) {
  await ex.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}

/**
 * An account's deletion takes what its address sent through the public forms with it (run
 * before the address is anonymized): contact messages and the newsletter entry, in any case.
 */
export async function deleteEntriesOfUser(ex: Executor, userId: string) {
  const address = sql`(SELECT lower(${users.email}) FROM ${users} WHERE ${users.id} = ${userId})`;
  await ex.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${address}`);
  await ex.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${address}`);
}
