import type { JobKind, JobStatus } from '@lumigen/contract/jobs';
import { lazyDateFormat, lazyPluralRules } from '../../lib/lazy-intl.ts';
import { catalogueEntry } from '../../lib/tool-catalogue.ts';

/** What each job does: the name of the tool that runs it, as its page and the menu say it. */
export function jobKindLabel(kind: JobKind): string {
  return catalogueEntry(kind)?.title ?? kind;
}

const statusLabels: Record<JobStatus, string> = {
  queued: 'Waiting',
  running: 'Working',
  succeeded: 'Done',
  failed: 'Failed',
  canceled: 'Canceled',
};

export function jobStatusLabel(status: JobStatus): string {
  return statusLabels[status];
}

const ordinalRules = lazyPluralRules('en', { type: 'ordinal' });
const suffixes: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** A queued job's place: "You're next", "2nd in line". */
export function queuePlace(position: number): string {
  if (position <= 1) return "You're next in line";
  return `You're ${position}${suffixes[ordinalRules.select(position)] ?? 'th'} in line`;
}

const timeOnly = lazyDateFormat({ hour: 'numeric', minute: '2-digit' });
const dayAndTime = lazyDateFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** When a job was sent: the time alone today, with the day before that. */
export function jobTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return (at.toDateString() === now.toDateString() ? timeOnly : dayAndTime).format(at);
}
