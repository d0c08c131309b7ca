import { DateTime } from 'luxon';
import * as rruleNamespace from 'rrule';
import type { Resource } from './mirror-store';

// rrule's Node entry point is a UMD build: under Node's ESM loader its classes sit on the default export.
type RRuleLib = typeof rruleNamespace;
const loaded = rruleNamespace as RRuleLib & { default?: RRuleLib };
const { RRule, RRuleSet } = loaded.RRule ? loaded : (loaded.default ?? loaded);

/** Most occurrences one expansion produces (Google caps a page at 2,500). */
const maxOccurrences = 5_000;

type EventTime = { date?: string; dateTime?: string; timeZone?: string };

const timeOf = (value: unknown): EventTime | undefined =>
  typeof value === 'object' && value !== null ? (value as EventTime) : undefined;

/** An event time as an instant: `dateTime` as given, `date` at midnight in the calendar's zone. */
export function instantOf(value: unknown, zone: string): number | undefined {
  const time = timeOf(value);
  if (!time) return undefined;
  if (time.dateTime) {
    // With an offset or Z (what Google sends) the instant needs no zone rules.
    if (/(?:Z|[+-]\d{2}:\d{2})$/.test(time.dateTime)) {
      const ms = Date.parse(time.dateTime);
      if (!Number.isNaN(ms)) return ms;
    }
    const parsed = DateTime.fromISO(time.dateTime, { zone: time.timeZone ?? zone, setZone: true });
    return parsed.isValid ? parsed.toMillis() : undefined;
  }
  if (time.date) {
    const parsed = DateTime.fromISO(time.date, { zone });
    return parsed.isValid ? parsed.toMillis() : undefined;
  }
  return undefined;
}

/** Wall-clock time in `zone` carried in a Date's UTC fields, the way rrule computes ("floating" time). */
const floating = (time: DateTime): Date =>
  new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second));

const fromFloating = (date: Date, zone: string): DateTime =>
  DateTime.fromObject(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    },
    { zone },
  );

/** `20260105T093000Z`, `20260105T093000` (in `zone`, or its TZID) or `20260105` as wall-clock time in `zone`. */
function parseIcalTime(value: string, zone: string, tzid: string | undefined): DateTime | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', utc] = match;
  const parts = { year: +y!, month: +mo!, day: +d!, hour: +h, minute: +mi, second: +s };
  const time = utc
    ? DateTime.fromObject(parts, { zone: 'utc' }).setZone(zone)
    : DateTime.fromObject(parts, { zone: tzid ?? zone }).setZone(zone);
  return time.isValid ? time : undefined;
}

function instanceSuffix(start: DateTime, allDay: boolean): string {
  return allDay ? start.toFormat('yyyyLLdd') : start.toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'");
}

/**
 * The occurrences of a recurring event (`recurrence`: RRULE, RDATE, EXDATE lines) that overlap
 * [fromMs, toMs), as Google's `singleEvents=true` shows them: each an event of its own with
 * `recurringEventId`, `originalStartTime` and the id `<master>_<start>`. Rules are expanded in the
 * event's own time zone, so occurrences keep their wall-clock time across daylight-saving changes.
 */
export function expandSeries(master: Resource, calendarZone: string, fromMs: number, toMs: number): Resource[] {
  const start = timeOf(master.start);
  const end = timeOf(master.end);
  const recurrence = Array.isArray(master.recurrence) ? (master.recurrence as unknown[]).map(String) : [];
  if (!start || recurrence.length === 0) return [];
  const allDay = start.date !== undefined && start.dateTime === undefined;
  const zone = start.timeZone ?? calendarZone;
  const first = allDay
    ? DateTime.fromISO(start.date!, { zone })
    : DateTime.fromISO(start.dateTime ?? '', { zone: start.timeZone ?? zone, setZone: true }).setZone(zone);
  if (!first.isValid) return [];
  const startMs = first.toMillis();
  const endMs = instantOf(end, zone) ?? startMs;
  const durationMs = Math.max(0, endMs - startMs);
  const durationDays = allDay ? Math.round(durationMs / 86_400_000) : 0;

  const set = new RRuleSet();
  for (const line of recurrence) {
    const [head = '', value = ''] = splitLine(line);
    const [name = '', ...paramParts] = head.split(';');
    const tzid = paramParts.find((p) => p.toUpperCase().startsWith('TZID='))?.slice(5);
    const upper = name.toUpperCase();
    if (upper === 'RRULE') {
      try {
        const options = RRule.parseString(value);
        if (options.until) options.until = floating(DateTime.fromJSDate(options.until).setZone(zone));
        set.rrule(new RRule({ ...options, dtstart: floating(first) }));
      } catch {
        // A rule rrule cannot read is left out rather than failing the whole listing.
      }
    } else if (upper === 'RDATE' || upper === 'EXDATE') {
      for (const part of value.split(',')) {
        const time = parseIcalTime(part, zone, tzid);
        if (!time) continue;
        const at = allDay ? time.startOf('day') : time;
        if (upper === 'RDATE') set.rdate(floating(at));
        else set.exdate(floating(at));
      }
    }
  }
  // The search starts one duration early, so an occurrence that began before `fromMs` and is still going counts.
  const after = floating(DateTime.fromMillis(fromMs - durationMs - 86_400_000, { zone }));
  const before = floating(DateTime.fromMillis(toMs + 86_400_000, { zone }));
  const dates = set.between(after, before, true).slice(0, maxOccurrences);
  const { recurrence: _recurrence, ...rest } = master;
  const out: Resource[] = [];
  for (const date of dates) {
    const at = fromFloating(date, zone);
    const atMs = at.toMillis();
    const finish = allDay ? at.plus({ days: durationDays }) : DateTime.fromMillis(atMs + durationMs, { zone });
    if (finish.toMillis() <= fromMs && durationMs > 0) continue;
    if (atMs >= toMs) continue;
    const original = allDay
      ? { date: at.toISODate() }
      : { dateTime: at.toISO({ suppressMilliseconds: true }), ...(start.timeZone ? { timeZone: start.timeZone } : {}) };
    out.push({
      ...rest,
      id: `${String(master.id)}_${instanceSuffix(at, allDay)}`,
      recurringEventId: master.id,
      originalStartTime: original,
      start: original,
      end: allDay
        ? { date: finish.toISODate() }
        : {
            dateTime: finish.toISO({ suppressMilliseconds: true }),
            ...(end?.timeZone ? { timeZone: end.timeZone } : {}),
          },
    });
  }
  return out;
}

function splitLine(line: string): [string, string] {
  const colon = line.indexOf(':');
  return colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1)];
}
