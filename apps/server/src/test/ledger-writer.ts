/**
 * A process that grants credits to one user in a loop on the embedded database in argv[2] (or DATA_DIR) and
 * prints each grant's ref once its commit was acknowledged, until it is killed. The durability
 * test SIGKILLs it mid-write and then looks for every printed ref.
 */
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createCreditsService } from '../modules/credits/index.ts';

const dataDir = process.argv[2] ?? process.env.DATA_DIR;
if (!dataDir) throw new Error('usage: ledger-writer.ts <DATA_DIR>, or DATA_DIR set');
const database = await openDatabase({ dataDir });
const [user] = await database.db
  .insert(users)
  .values({ name: 'Writer', email: `writer-${process.pid}@lumigen.example`, passwordHash: 'x' })
  .returning({ id: users.id });
process.stdout.write(`user ${user!.id}\n`);
const credits = createCreditsService(database.db);
for (let i = 0; ; i += 1) {
  const ref = `grant-${i}`;
  await credits.grant(user!.id, 1, 'adjustment', ref);
  process.stdout.write(`${ref}\n`);
  // PGlite answers without I/O: without this turn, timers (the lock's watch) would never run, as in no server.
  await new Promise((resolve) => setImmediate(resolve));
}
