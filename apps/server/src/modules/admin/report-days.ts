/** The UTC days of a report, oldest first, today last; `since` is the first one's midnight. */
export function reportDays(count: number, now = new Date()): { since: Date; days: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i -= 1) days.push(new Date(today - i * 86_400_000).toISOString().slice(0, 10));
  return { since: new Date(today - (count - 1) * 86_400_000), days };
}

/** One row per day, zeros where a query found nothing. */
export function fillDays<T extends { day: string }>(days: string[], found: T[], empty: Omit<T, 'day'>): T[] {
  const byDay = new Map(found.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? ({ ...empty, day } as T));
}
