/**
 * RFC 3339 parsing and the fixed output formats of the Tasks interface. JavaScript dates keep only
 * milliseconds, so timestamps that must keep microseconds are parsed by hand.
 */

const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;
const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface PreciseInstant {
  /** Whole seconds since the epoch, UTC. */
  readonly seconds: number;
  /** Nanoseconds within the second, 0..999,999,999. */
  readonly nanos: number;
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= last;
}

/** Parses an RFC 3339 date-time, keeping nanoseconds; null when malformed or not a real instant. */
export function parsePreciseInstant(text: string): PreciseInstant | null {
  const m = rfc3339.exec(text);
  if (!m) return null;
  const [, ys, mos, ds, hs, mis, ss, frac, , sign, ohs, omis] = m;
  const y = Number(ys),
    mo = Number(mos),
    d = Number(ds),
    h = Number(hs),
    mi = Number(mis),
    s = Number(ss);
  if (!isRealDate(y, mo, d) || h > 23 || mi > 59 || s > 60) return null;
  let offsetMinutes = 0;
  if (sign) {
    const oh = Number(ohs),
      om = Number(omis);
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (oh * 60 + om);
  }
  // A leap second is read as the last second of the minute, as most systems do.
  const seconds = Date.UTC(y, mo - 1, d, h, mi, Math.min(s, 59)) / 1000 - offsetMinutes * 60;
  const nanos = frac ? Number(frac.padEnd(9, '0')) : 0;
  return { seconds, nanos };
}

/** Parses an RFC 3339 date-time to a millisecond Date (sub-millisecond digits are dropped). */
export function parseInstant(text: string): Date | null {
  const p = parsePreciseInstant(text);
  return p ? new Date(p.seconds * 1000 + Math.floor(p.nanos / 1e6)) : null;
}

/** `2024-05-01T10:20:30.000Z`: the format of `updated` and `completed`. */
export function formatMillis(date: Date): string {
  return date.toISOString();
}

/**
 * Protobuf-JSON timestamp: UTC, `Z`, with 0, 3, 6 or 9 fractional digits as the value needs.
 */
export function formatPrecise(instant: PreciseInstant): string {
  const base = new Date(instant.seconds * 1000).toISOString().slice(0, 19);
  const { nanos } = instant;
  if (nanos === 0) return `${base}Z`;
  const digits = String(nanos).padStart(9, '0');
  const kept = nanos % 1_000_000 === 0 ? digits.slice(0, 3) : nanos % 1000 === 0 ? digits.slice(0, 6) : digits;
  return `${base}.${kept}Z`;
}

/**
 * The calendar date a `due` value names. Only the date is kept: the date written in the value
 * (before any offset is applied), so "2024-05-10T23:30:00-05:00" is due on May 10.
 */
export function dueDateOf(text: string): string | null {
  const dm = dateOnly.exec(text);
  if (dm) return isRealDate(Number(dm[1]), Number(dm[2]), Number(dm[3])) ? text : null;
  if (!parsePreciseInstant(text)) return null;
  return text.slice(0, 10);
}

/** A stored due date as the interface returns it: midnight UTC, milliseconds shown. */
export function formatDue(date: string): string {
  return `${date}T00:00:00.000Z`;
}
