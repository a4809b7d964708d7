/**
 * `npx tsx bench/job-events-only.ts`: just the cross-process job event delay of `npm run bench`,
 * on PostgreSQL by TEST_DATABASE_URL or DATABASE_URL, else the shared default on 127.0.0.1:5432.
 */
import { benchJobEvents, jobEventsLine } from './job-events.ts';
import { defaultAdminUrl } from './postgres.ts';

console.log(
  jobEventsLine(await benchJobEvents(process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? defaultAdminUrl)),
);
