import { benchFairness, benchJobsThroughput, benchQueuedRemoveBackground } from './jobs.ts';

/** The job-queue figures (decision 022), printed as measured: `npm run bench` and `bench/jobs-only.ts`. */
export async function benchJobsSection(kinds: readonly ('pglite' | 'postgres')[]) {
  const jobs = { throughput: [] as unknown[], queuedRemoveBackground: [] as unknown[], fairness: [] as unknown[] };
  for (const kind of kinds) {
    // The default (one job per core) suits local CPU work; a remote provider is waited on, not computed.
    for (const concurrency of [undefined, 16]) {
      const t = await benchJobsThroughput(kind, concurrency);
      jobs.throughput.push(t);
      console.log(
        `${t.jobs} generations from 20 users at once, instant provider (${kind}, WORKER_CONCURRENCY ${t.concurrency}): ${t.jobsPerSecond.toFixed(0)} jobs/s, accept-to-done p50 ${t.p50.toFixed(0)} ms, p99 ${t.p99.toFixed(0)} ms${t.failed ? `, ${t.failed} failed` : ''}`,
      );
    }
  }
  for (const threads of [1, 2]) {
    const q = await benchQueuedRemoveBackground(kinds.at(-1)!, threads);
    jobs.queuedRemoveBackground.push(q);
    if ('skipped' in q)
      console.log(`queued local remove-background 1024x768, ${threads} thread(s): skipped (${q.skipped})`);
    else
      console.log(
        `queued local remove-background 1024x768, ${threads} worker thread(s), ${q.jobs} at once: accept-to-done p50 ${(q.p50 / 1000).toFixed(1)} s, max ${(q.max / 1000).toFixed(1)} s${q.failed ? `, ${q.failed} failed` : ''}`,
      );
  }
  const fairness = await benchFairness(kinds.at(-1)!);
  jobs.fairness.push(fairness);
  console.log(
    `fairness: one user's single job while another's ${fairness.busyJobs} run (${fairness.providerMs} ms each, 2 workers): done in ${fairness.singleJobMs.toFixed(0)} ms; the busy user's median ${fairness.busyMedianMs.toFixed(0)} ms, last ${fairness.busyLastMs.toFixed(0)} ms`,
  );
  return jobs;
}
