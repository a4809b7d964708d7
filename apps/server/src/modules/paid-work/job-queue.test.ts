import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { createDatabaseLocation, type DatabaseLocation } from '../../test/harness.ts';
import { createJobQueue } from './job-queue.ts';

const silent = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
} as never;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the job queue on a new PostgreSQL database', () => {
  let location: DatabaseLocation | undefined;
  const opened: Database[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
    await location?.dispose();
  });

  it('six instances start their queues at once on it: every one starts (the load bench saw one die of a deadlock, and concurrent CREATE SCHEMA collide)', async () => {
    location = await createDatabaseLocation('postgres');
    // Migrated once, as the first instance would; then six instances start their queues together.
    opened.push(await openDatabase({ url: location.url, dataDir: null }));
    for (let i = 0; i < 6; i += 1) opened.push(await openDatabase({ url: location.url, dataDir: null, poolSize: 2 }));
    const queues = opened
      .slice(1)
      .map((database) =>
        createJobQueue(database, { timeoutSeconds: 60, pollingIntervalSeconds: 1, maxRunningPerUser: 2 }, silent),
      );
    const started = await Promise.allSettled(queues.map((queue) => queue.start()));
    await Promise.all(queues.map((queue) => queue.stop(1000)));
    expect(started.filter((result) => result.status === 'rejected')).toEqual([]);
  });
});
