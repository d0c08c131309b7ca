import { IANAZone } from 'luxon';
import { badRequest } from '../../http/api-error';

/**
 * Instants, wall-clock ("floating") times and zones. A floating time is a millisecond number whose
 * UTC fields are the wall-clock fields in some zone; recurrence is expanded in floating time so a
 * 09:00 meeting stays at 09:00 local when daylight saving time starts or ends.
 */

export const DAY_MS = 86_400_000;

export function isValidTimeZone(name: unknown): name is string {
  return typeof name === 'string' && name !== '' && IANAZone.isValidZone(name);
}

/** Zone names come from requests (any spelling luxon accepts): the caches below are bounded, not per name. */
const MAX_CACHED_ZONES = 500;
const zoneCache = new Map<string, IANAZone>();
function zone(name: string): IANAZone {
  let z = zoneCache.get(name);
  if (!z) {
    if (zoneCache.size >= MAX_CACHED_ZONES) zoneCache.clear();
    z = IANAZone.create(name);
    zoneCache.set(name, z);
  }
  return z;
}

const HOUR_MS = 3_600_000;
/** Hours cached over all zones (≈ 40 bytes each). */
const MAX_CACHED_OFFSETS = 200_000;
const offsetCache = new Map<string, Map<number, number>>();
let cachedOffsets = 0;

/**
 * Offset of `zoneName` from UTC at instant `ms`, in minutes. Asking Intl (through luxon) is slow,
 * so offsets are cached per zone and hour: an hour whose start and end share an offset has it
 * throughout (zones change offset at most once in an hour); an hour with a change is asked exactly.
 */
export function offsetMinutes(zoneName: string, ms: number): number {
  if (zoneName === 'UTC' || zoneName === 'Etc/UTC') return 0;
  const hour = Math.floor(ms / HOUR_MS);
  const cached = offsetCache.get(zoneName)?.get(hour);
  if (cached !== undefined) return cached;
  const z = zone(zoneName);
  const atStart = z.offset(hour * HOUR_MS);
  if (atStart === z.offset(hour * HOUR_MS + HOUR_MS - 1)) {
    let byHour = offsetCache.get(zoneName);
    if (cachedOffsets >= MAX_CACHED_OFFSETS || (!byHour && offsetCache.size >= MAX_CACHED_ZONES)) {
      offsetCache.clear();
      cachedOffsets = 0;
      byHour = undefined;
    }
    if (!byHour) offsetCache.set(zoneName, (byHour = new Map()));
    byHour.set(hour, atStart);
    cachedOffsets++;
    return atStart;
  }
  return z.offset(ms);
}

export function instantToFloating(zoneName: string, ms: number): number {
  return ms + offsetMinutes(zoneName, ms) * 60_000;
}

/**
 * The instant a wall-clock time in `zoneName` denotes (RFC 5545 §3.3.5). A wall time that occurs
 * twice (the clocks go back) means the first of its instants; one that does not exist (the clocks
 * go forward) is read with the offset in effect before the gap, so it moves forward by the gap.
 * Zones change offset at most once within a day, so the offsets a day either side are the only
 * candidates.
 */
export function floatingToInstant(zoneName: string, floating: number): number {
  const before = offsetMinutes(zoneName, floating - DAY_MS);
  const after = offsetMinutes(zoneName, floating + DAY_MS);
  const early = floating - Math.max(before, after) * 60_000;
  if (instantToFloating(zoneName, early) === floating) return early;
  const late = floating - Math.min(before, after) * 60_000;
  if (instantToFloating(zoneName, late) === floating) return late;
  return floating - before * 60_000;
}

const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const localDateTime = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/;
const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

interface WallFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function validFields(f: WallFields): boolean {
  if (f.month < 1 || f.month > 12 || f.day < 1 || f.hour > 23 || f.minute > 59 || f.second > 60) return false;
  const check = new Date(Date.UTC(f.year, f.month - 1, f.day));
  return check.getUTCDate() === f.day && check.getUTCMonth() === f.month - 1;
}

const wallToFloating = (f: WallFields): number =>
  Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, Math.min(f.second, 59));

function fieldsOf(m: RegExpExecArray): WallFields {
  return {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
  };
}

/** RFC 3339 timestamp with a mandatory offset → ms (milliseconds dropped), or undefined if malformed. */
export function parseRfc3339(value: string): number | undefined {
  const m = rfc3339.exec(value);
  if (!m) return undefined;
  const fields = fieldsOf(m);
  if (!validFields(fields)) return undefined;
  const offsetText = m[8] ?? 'Z';
  let offset = 0;
  if (offsetText !== 'Z' && offsetText !== 'z') {
    const sign = offsetText.startsWith('-') ? -1 : 1;
    offset = sign * (Number(offsetText.slice(1, 3)) * 60 + Number(offsetText.slice(4, 6)));
  }
  return wallToFloating(fields) - offset * 60_000;
}

/** Query parameter holding an RFC 3339 timestamp with offset; 400 when malformed. */
export function parseTimeParam(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseRfc3339(value);
  if (ms === undefined) {
    throw badRequest(
      'invalid',
      `Invalid value for ${name}: expected an RFC 3339 timestamp with a time zone offset.`,
      name,
    );
  }
  return ms;
}

/** `YYYY-MM-DDTHH:MM:SS` without offset → floating ms, or undefined. */
export function parseLocalDateTime(value: string): number | undefined {
  const m = localDateTime.exec(value);
  if (!m) return undefined;
  const fields = fieldsOf(m);
  return validFields(fields) ? wallToFloating(fields) : undefined;
}

/** `YYYY-MM-DD` → floating ms at midnight, or undefined. */
export function parseDate(value: string): number | undefined {
  const m = dateOnly.exec(value);
  if (!m) return undefined;
  const fields = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0, second: 0 };
  return validFields(fields) ? wallToFloating(fields) : undefined;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Floating ms → `YYYY-MM-DD`. */
export function formatDate(floating: number): string {
  const d = new Date(floating);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Instant → RFC 3339 in `zoneName` without milliseconds (`Z` for UTC), as Google writes event times. */
export function formatInstant(ms: number, zoneName: string): string {
  const offset = offsetMinutes(zoneName, ms);
  const d = new Date(ms + offset * 60_000);
  const base = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  if (offset === 0 && (zoneName === 'UTC' || zoneName === 'Etc/UTC')) return `${base}Z`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${base}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Instant → `YYYYMMDDTHHMMSSZ`, the suffix Google gives instance ids of timed recurring events. */
export function basicUtcStamp(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

/** Floating date → `YYYYMMDD`, the suffix of all-day instance ids. */
export function basicDateStamp(floating: number): string {
  return formatDate(floating).replaceAll('-', '');
}

/** ISO timestamp with milliseconds in UTC (`created`, `updated`). */
export const isoUtc = (ms: number): string => new Date(ms).toISOString();
