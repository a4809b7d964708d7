import type { Executor } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers } from '../../db/schema.ts';

export async function insertContactMessage(ex: Executor, values: { name: string; email: string; comments: string }) {
  await ex.insert(contactMessages).values(values);
}

export async function insertSubscriber(ex: Executor, email: string) {
  await ex.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}
