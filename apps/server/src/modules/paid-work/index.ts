export { createPaidWorkEngine, type PaidWorkEngine, type PaidWorkEngineOptions } from './engine.ts';
export { type JobContext, type JobKindHandler, isRetryableStatus } from './job-kind.ts';
export { createJobQueue } from './job-queue.ts';
export { jobsRoutes } from './jobs.routes.ts';
export { type Finished, type JobsService, type NewJob, type StreamedEvent } from './jobs.service.ts';
export { assertUsableOutput, type OutputPromise, UnusableOutputError } from './usable-output.ts';
export { deleteFinishedJobsBefore } from './jobs.repository.ts';
