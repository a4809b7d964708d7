/** The profile's dates: "Jan 5, 2026" for days, with the time where the hour matters. */
export const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export const momentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
