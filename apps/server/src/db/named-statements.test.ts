import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabaseLocation, type DatabaseLocation } from '../test/harness.ts';
import { openDatabase, rows, type Database } from './client.ts';
import { maxNamedStatements } from './named-statements.ts';

/** This connection's prepared statements made through the protocol (not SQL PREPARE). */
const prepared = (database: Database) =>
  rows<{ name: string; statement: string }>(
    database.db,
    sql`SELECT name, statement FROM pg_prepared_statements WHERE NOT from_sql AND name <> ''`,
  );

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'statements on PostgreSQL are prepared once per connection (decision 041)',
  () => {
    let location: DatabaseLocation | undefined;
    let database: Database | undefined;
    afterEach(async () => {
      await database?.close();
      await location?.dispose();
    });

    // One connection, so every statement below meets the same PostgreSQL session.
    async function openOneConnection() {
      location = await createDatabaseLocation('postgres');
      database = await openDatabase({ url: location.url, dataDir: null, poolSize: 1 });
      return database;
    }

    it('a statement with parameters run three times is one named statement, and answers each time with its own values', async () => {
      const db = await openOneConnection();
      const answers = [];
      for (const n of [1, 2, 3]) answers.push(await rows<{ n: number }>(db.db, sql`SELECT ${n}::int + 1 AS n`));
      expect(answers).toEqual([[{ n: 2 }], [{ n: 3 }], [{ n: 4 }]]);
      const statements = (await prepared(db)).filter((row) => row.statement.includes('::int + 1'));
      expect(statements).toHaveLength(1);
      expect(statements[0]!.name).toMatch(/^s[\w-]{27}$/);
    });

    it('in a transaction too (the client a transaction holds), and a statement without parameters stays unnamed', async () => {
      const db = await openOneConnection();
      await db.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT ${'in a transaction'}::text AS said`);
        await tx.execute(sql.raw(`SELECT 'no parameters' AS said`));
      });
      const statements = (await prepared(db)).map((row) => row.statement);
      expect(statements.some((text) => text.includes('::text AS said'))).toBe(true);
      expect(statements.some((text) => text.includes('no parameters'))).toBe(false);
    });

    it(`keeps at most ${maxNamedStatements} per connection; texts past that still run, unnamed`, async () => {
      const db = await openOneConnection();
      const before = (await prepared(db)).length;
      for (let i = 0; i < maxNamedStatements + 5; i += 1) {
        const [row] = await rows<{ n: number }>(db.db, sql.join([sql.raw(`SELECT ${i} + `), sql`${1}::int AS n`]));
        expect(row!.n).toBe(i + 1);
      }
      expect((await prepared(db)).length).toBe(maxNamedStatements);
      expect(before).toBeLessThan(maxNamedStatements);
    });
  },
);
