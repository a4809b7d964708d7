import { createAccept } from './accept.ts';
import { createCancel } from './cancel.ts';
import { createEvents } from './events.ts';
import { forgetJobsOf } from './forget.ts';
import type { JobsDeps } from './jobs-deps.ts';
import { createList } from './list.ts';
import { createSweep } from './sweep.ts';
import { createWait } from './wait.ts';

export type { NewJob } from './accept.ts';
export type { StreamedEvent } from './events.ts';
export type { JobLimits } from './jobs-deps.ts';
export type { Finished } from './wait.ts';

/**
 * Paid work as jobs (docs/architecture.md): acceptance (limits, reservation, queue: one transaction), what
 * the owner can see and do, and the specification's synchronous calls as "accept, then wait".
 */
export function createJobsService(deps: JobsDeps) {
  const list = createList(deps);
  return {
    ...createAccept(deps),
    ...createWait(deps),
    get: list.get,
    list: list.list,
    preview: list.preview,
    ...createEvents(deps),
    ...createCancel(deps, list),
    ...createSweep(deps),
    forgetUser: forgetJobsOf,
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
