/** What the load bench's virtual users saw: durations by route, 429s apart, every other error. */
export function createTally(startedAt = performance.now()) {
  const durations = new Map<string, number[]>();
  // When each of a route's calls started (seconds into the run), beside its duration: where the slow ones fall.
  const starts = new Map<string, number[]>();
  const rateLimited: Record<string, number> = {};
  const failures: Record<string, number> = {};
  const samples: string[] = [];
  const bump = (counts: Record<string, number>, key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

  return {
    rateLimited,
    failures,
    /** The first few failures in words, so a report says what went wrong and not only how often. */
    samples,
    took(route: string, ms: number, start = performance.now() - ms) {
      let list = durations.get(route);
      if (!list) durations.set(route, (list = []));
      list.push(ms);
      let at = starts.get(route);
      if (!at) starts.set(route, (at = []));
      at.push((start - startedAt) / 1000);
    },
    limited(route: string) {
      bump(rateLimited, route);
    },
    failed(route: string, what: string, detail = '') {
      bump(failures, `${route} → ${what}`);
      if (samples.length < 5) samples.push(`${route} → ${what}${detail ? `: ${detail.slice(0, 200)}` : ''}`);
    },
    requests: () => [...durations.values()].reduce((sum, list) => sum + list.length, 0),
    routes: () =>
      [...durations].map(([route, list]) => {
        const sorted = [...list].sort((x, y) => x - y);
        const at = starts.get(route)!;
        const slowest = list
          .map((ms, i) => ({ ms: Math.round(ms), at: at[i]! }))
          .sort((x, y) => y.ms - x.ms)
          .slice(0, Math.max(1, Math.ceil(list.length / 100)));
        return {
          route,
          count: sorted.length,
          p50: Math.round(percentile(sorted, 50)),
          p99: Math.round(percentile(sorted, 99)),
          slowest,
        };
      }),
  };
}

export type Tally = ReturnType<typeof createTally>;
