/**
 * `npx tsx bench/jobs-only.ts`: just the job-queue figures of `npm run bench` (decision 022), on PGlite
 * and, with TEST_DATABASE_URL or DATABASE_URL, PostgreSQL.
 */
import { benchJobsSection } from './jobs-section.ts';

const postgresUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
await benchJobsSection(postgresUrl ? ['pglite', 'postgres'] : ['pglite']);
