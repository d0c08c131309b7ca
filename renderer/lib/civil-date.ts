/**
 * Date-only arithmetic on `YYYY-MM-DD` strings, proleptic Gregorian, no time zone involved.
 */

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

export function formatDateParts(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`). Date-only
 * arithmetic needs no time zone, and plain integer arithmetic costs far less than a Temporal object per
 * call: the month grids and week headers ask for hundreds of days as the calendar first draws.
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return (
    era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468
  );
}

/** The inverse of `daysFromCivil` (H. Hinnant's `civil_from_days`), as `YYYY-MM-DD`. */
function civilFromDays(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return formatDateParts(yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day);
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date; a RangeError for anything else, as Temporal gives. */
function epochDay(date: string): number {
  const parts = isoDatePattern.exec(date);
  if (parts) {
    const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month))
      return daysFromCivil(year, month, day);
  }
  throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
}

/** Adds whole days to a `YYYY-MM-DD` date. */
/** Whether `date` lies before `min` or after `max` (either may be absent); all `YYYY-MM-DD`. */
export function outsideRange(date: string, min: string | undefined, max: string | undefined): boolean {
  return (min !== undefined && date < min) || (max !== undefined && date > max);
}

export function addDaysToDate(date: string, days: number): string {
  return civilFromDays(epochDay(date) + Math.trunc(days));
}

/** Whole days from `a` to `b` (both `YYYY-MM-DD`). */
export function daysBetween(a: string, b: string): number {
  return epochDay(b) - epochDay(a);
}

/** Weekday of a date: 0 = Sunday … 6 = Saturday (as Date#getDay and the week-start setting count). */
export function weekdayOfDate(date: string): number {
  // 1970-01-01 was a Thursday.
  return (((epochDay(date) + 4) % 7) + 7) % 7;
}

/**
 * The first day of the week where the person is (0 Sunday … 6 Saturday), from the locale's week
 * information; Sunday where the browser does not say.
 */
export function localeWeekStart(locale?: string): number {
  try {
    const tagged = new Intl.Locale(locale ?? navigator.language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = tagged.getWeekInfo?.().firstDay ?? tagged.weekInfo?.firstDay;
    return firstDay === undefined ? 0 : firstDay % 7;
  } catch {
    return 0;
  }
}
