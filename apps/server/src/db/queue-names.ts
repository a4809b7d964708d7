/**
 * The queue of paid work, and where pg-boss puts a job whose last attempt expired or failed; the
 * dead-letter queue first, as the other names it. A new embedded database is made with both
 * (db/pglite-initdb.ts); the job queue applies their settings at every start (job-queue.ts).
 */
export const paidWorkQueue = 'paid-work';
export const lostWorkQueue = 'paid-work-lost';
export const queueNames = [lostWorkQueue, paidWorkQueue] as const;
