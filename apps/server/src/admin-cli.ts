/**
 * `npm run admin -- grant <email>` and `npm run admin -- revoke <email>`: an account's admin role,
 * in the database named by the same configuration as `npm start` (DATABASE_URL, else PGlite in
 * DATA_DIR, which a running server holds: stop it first). ADMIN_EMAILS grants it again at start-up.
 */
import { z } from 'zod';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { setRoleByEmail } from './modules/accounts/index.ts';

const [command, given] = process.argv.slice(2);
const email = z.email().safeParse(given?.trim().toLowerCase());

if ((command !== 'grant' && command !== 'revoke') || !email.success) {
  console.error('usage: npm run admin -- grant <email> | npm run admin -- revoke <email>');
  process.exitCode = 2;
} else {
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  try {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    try {
      const found = await setRoleByEmail(database.db, email.data, command === 'grant' ? 'admin' : 'customer');
      if (found) console.log(`${email.data} is ${command === 'grant' ? 'an admin' : 'no longer an admin'} (${where})`);
      else {
        console.error(`No account with the address ${email.data} in ${where}`);
        process.exitCode = 1;
      }
      if (command === 'revoke' && config.adminEmails.includes(email.data))
        console.warn(`${email.data} is in ADMIN_EMAILS: the next start makes it an admin again`);
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(`admin ${command} failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
