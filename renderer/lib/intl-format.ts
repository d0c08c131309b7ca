// Building an Intl formatter costs far more than using one (a tenth of a millisecond or more): a
// month grid, a busy week or a long file list formats hundreds of dates per render.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** An `Intl.DateTimeFormat` for `locale` and `options`, made once and kept. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}
