import { lazyDateFormat } from '../../lib/lazy-intl.ts';

/** The profile's dates: "Jan 5, 2026" for days, with the time where the hour matters. */
export const dayFormat = lazyDateFormat({ dateStyle: 'medium' });
export const momentFormat = lazyDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
