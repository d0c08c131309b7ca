import { Temporal } from 'temporal-polyfill';
import { formatDateParts } from '../../lib/civil-date';
import { dateTimeFormat } from '../../lib/intl-format';

// Date-only arithmetic lives in lib (the date fields and the small month use it too); the calendar's
// callers keep importing it from here.
export { addDaysToDate, daysBetween, formatDateParts, weekdayOfDate } from '../../lib/civil-date';

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
