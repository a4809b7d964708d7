/**
 * Intl formatters made on first use. Chromium loads a locale's data when the first one is made:
 * 28–110 ms for the first DateTimeFormat on our 2-core machines, four times that on Lighthouse's
 * mobile CPU. Made at module load, they charged every page importing the module, whether it showed
 * a date or not (decision 032).
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): Pick<Intl.DateTimeFormat, 'format'> {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat(undefined, options)).format(date) };
}

export function lazyPluralRules(locale: string, options: Intl.PluralRulesOptions): Pick<Intl.PluralRules, 'select'> {
  let made: Intl.PluralRules | undefined;
  return { select: (n) => (made ??= new Intl.PluralRules(locale, options)).select(n) };
}
