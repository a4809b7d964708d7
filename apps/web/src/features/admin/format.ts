/** Dates in the console: to the minute, in the operator's own time zone and language. */
const momentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const moment = (iso: string) => momentFormat.format(new Date(iso));
