import { Temporal } from 'temporal-polyfill';
import { dateTimeFormat } from '../../lib/intl-format';

/**
 * Wall-clock arithmetic in named time zones. Events carry their own zone (Google's `timeZone`);
 * the grid shows one display zone; these helpers convert between instants and what a clock in a
 * given zone reads, DST included.
 */

/** A clock reading: calendar date plus time of day, meaningful only together with a zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

let lastDeviceZone: { zone: string; offset: number; readAt: number } | undefined;

/**
 * The zone this device's clock is set to. Asked on every render of the calendar: the answer is kept
 * for a second, and read again at once if the clock's offset from UTC has changed (making the formatter
 * that says it costs far more than the comparison).
 */
export function deviceTimeZone(): string {
  const now = Date.now();
  const offset = new Date(now).getTimezoneOffset();
  const last = lastDeviceZone;
  if (last && last.offset === offset && now - last.readAt >= 0 && now - last.readAt < 1000) return last.zone;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  lastDeviceZone = { zone, offset, readAt: now };
  return zone;
}

/** Zone names already checked: settings are read on every render, and a formatter costs far more than a lookup. */
const zoneValidity = new Map<string, boolean>();

export function isValidTimeZone(zone: string): boolean {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    // Names come from settings and pickers, not from without bound; keep the map small anyway.
    if (zoneValidity.size > 500) zoneValidity.clear();
    zoneValidity.set(zone, valid);
  }
  return valid;
}

function zoned(ms: number, zone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
}

export function wallTimeOf(ms: number, zone: string): WallTime {
  const z = zoned(ms, zone);
  return { year: z.year, month: z.month, day: z.day, hour: z.hour, minute: z.minute };
}

/** The instant a clock in `zone` reads `wall` (the earlier one when a DST change repeats it). */
export function instantOfWallTime(wall: WallTime, zone: string): number {
  return Temporal.ZonedDateTime.from({ ...wall, second: 0, timeZone: zone }, { disambiguation: 'compatible' })
    .epochMilliseconds;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

export function formatDateParts(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** `YYYY-MM-DD` of the day an instant falls on in `zone`. */
export function dateInZone(ms: number, zone: string): string {
  const w = wallTimeOf(ms, zone);
  return formatDateParts(w.year, w.month, w.day);
}

/** `HH:MM` (24-hour) of an instant in `zone`. */
export function timeInZone(ms: number, zone: string): string {
  const w = wallTimeOf(ms, zone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** RFC 3339 with the zone's offset at that instant, e.g. `2026-11-24T10:00:00-05:00`. */
export function rfc3339InZone(ms: number, zone: string): string {
  const z = zoned(ms, zone);
  const date = formatDateParts(z.year, z.month, z.day);
  return `${date}T${pad(z.hour)}:${pad(z.minute)}:${pad(z.second)}${z.offset.slice(0, 6)}`;
}

/** Parses `YYYY-MM-DD` and `HH:MM` into a WallTime; null when either is malformed. */
export function parseWallTime(date: string, time = '00:00'): WallTime | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
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
 * Moves an instant by the change in wall-clock time another instant went through, read in `zone`:
 * a series starting at 09:00 in March follows its November instance moved from 09:00 to 10:00 to
 * 10:00, whatever DST did in between.
 */
export function shiftByWallClockDelta(ms: number, fromMs: number, toMs: number, zone: string): number {
  const from = zoned(fromMs, zone).toPlainDateTime();
  const to = zoned(toMs, zone).toPlainDateTime();
  const delta = from.until(to, { largestUnit: 'days' });
  return zoned(ms, zone).toPlainDateTime().add(delta).toZonedDateTime(zone, { disambiguation: 'compatible' })
    .epochMilliseconds;
}

/** A short zone label for headers, e.g. `GMT-5` or `UTC`. */
export function zoneOffsetLabel(zone: string, at: Date = new Date(), locale?: string): string {
  try {
    const parts = dateTimeFormat(locale ?? 'en-US', {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(at);
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
    if (/^GMT([+-]0)?$/.test(name)) return zone === 'UTC' || zone === 'Etc/UTC' ? 'UTC' : 'GMT';
    return name;
  } catch {
    return zone;
  }
}

/** A zone name for people: `America/New_York` → `New York`. */
export function zoneCity(zone: string): string {
  const last = zone.split('/').pop() ?? zone;
  return last.replace(/_/g, ' ');
}

/** The instant a `YYYY-MM-DD` day begins in `zone`. */
export function startOfDay(date: string, zone: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds;
}
