import type { JobKind, JobStatus } from '@lumigen/contract/jobs';
import { lazyDateFormat, lazyPluralRules } from '../../lib/lazy-intl.ts';

/** What each job does, as its page names it (docs/product.md §2): the generator's title, the tools' main buttons. */
const kindLabels: Record<JobKind, string> = {
  generation: 'Image Generator',
  'remove-background': 'Remove Background',
  'remove-text': 'Remove Text',
  'product-photography': 'Photographic Imagery',
  reimagine: 'Create Variant',
  'replace-background': 'Replace Background',
  upscale: 'Upscale Image',
  uncrop: 'Uncrop/Crop',
  cleanup: 'Clean Image',
};

export function jobKindLabel(kind: JobKind): string {
  return kindLabels[kind];
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
