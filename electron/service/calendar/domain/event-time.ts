import { badRequest } from '../../http/api-error';
import type { EventDateTime, EventResource } from './event-types';
import type { SeriesTiming } from './recurrence';
import { lastOccurrenceFloating, parseRecurrence } from './recurrence';
import {
  basicDateStamp,
  basicUtcStamp,
  floatingToInstant,
  formatDate,
  formatInstant,
  instantToFloating,
  parseDate,
  parseLocalDateTime,
  parseRfc3339,
} from './time';

/** Where an event's start or end sits: instant, wall-clock time in its zone, and whether it is a date. */
export interface ResolvedTime {
  allDay: boolean;
  ms: number;
  floating: number;
  zone: string;
}

/** Resolves a validated EventDateTime; all-day dates are read in the calendar's zone. */
export function resolveTime(edt: EventDateTime, calendarZone: string): ResolvedTime {
  if (edt.date !== undefined) {
    const floating = parseDate(edt.date) ?? 0;
    return { allDay: true, floating, ms: floatingToInstant(calendarZone, floating), zone: calendarZone };
  }
  const text = edt.dateTime ?? '';
  const zone = edt.timeZone ?? calendarZone;
  const instant = parseRfc3339(text);
  if (instant !== undefined) return { allDay: false, ms: instant, floating: instantToFloating(zone, instant), zone };
  const floating = parseLocalDateTime(text) ?? 0;
  return { allDay: false, floating, ms: floatingToInstant(zone, floating), zone };
}

/** The derived timing of an event resource, used for its row columns and for expansion. */
export interface EventTiming {
  start: ResolvedTime;
  end: ResolvedTime;
  /** End of the last occurrence for a series (undefined when endless); the event's end otherwise. */
  rangeEndMs: number | undefined;
  series: SeriesTiming | undefined;
}

/**
 * Checks the time fields of a complete event (after merging a patch) and derives its timing.
 * 400s: missing start or end, date mixed with dateTime, end before start, a recurring timed event
 * without a time zone.
 */
export function eventTiming(
  resource: Pick<EventResource, 'start' | 'end' | 'recurrence' | 'status'>,
  calendarZone: string,
): EventTiming {
  if (!resource.start || (resource.start.date === undefined && resource.start.dateTime === undefined)) {
    throw badRequest('required', 'Missing start time.', 'start');
  }
  if (!resource.end || (resource.end.date === undefined && resource.end.dateTime === undefined)) {
    throw badRequest('required', 'Missing end time.', 'end');
  }
  const start = resolveTime(resource.start, calendarZone);
  const end = resolveTime(resource.end, calendarZone);
  if (start.allDay !== end.allDay) {
    throw badRequest('invalid', 'Start and end must both be dates or both be date-times.', 'end');
  }
  if (end.ms < start.ms) throw badRequest('timeRangeEmpty', 'The specified time range is empty.', 'end');
  const recurrence = resource.recurrence ?? [];
  if (recurrence.length === 0) return { start, end, rangeEndMs: end.ms, series: undefined };
  if (!start.allDay && !resource.start.timeZone) {
    throw badRequest('required', 'Missing time zone definition for start time of a recurring event.', 'start.timeZone');
  }
  const series: SeriesTiming = { allDay: start.allDay, zone: start.zone, startFloating: start.floating };
  const parsed = parseRecurrence(recurrence);
  const lastFloating = lastOccurrenceFloating(parsed, series);
  let rangeEndMs: number | undefined;
  if (lastFloating !== undefined) {
    const lastStart = floatingToInstant(series.zone, lastFloating);
    rangeEndMs = Math.max(end.ms, occurrenceEnd(series, start, end, lastFloating, lastStart));
  }
  return { start, end, rangeEndMs, series };
}

/** End instant of the occurrence starting at `floating`/`startMs`: same wall length for dates, same duration otherwise. */
export function occurrenceEnd(
  series: SeriesTiming,
  start: ResolvedTime,
  end: ResolvedTime,
  floating: number,
  startMs: number,
): number {
  if (series.allDay) return floatingToInstant(series.zone, floating + (end.floating - start.floating));
  return startMs + (end.ms - start.ms);
}

/** Google's instance id suffix: UTC basic time for timed events, the date for all-day ones. */
export function instanceId(seriesId: string, allDay: boolean, floating: number, startMs: number): string {
  return `${seriesId}_${allDay ? basicDateStamp(floating) : basicUtcStamp(startMs)}`;
}

/** EventDateTime for an occurrence, mirroring the series' own start field. */
export function occurrenceDateTime(
  template: EventDateTime,
  allDay: boolean,
  floating: number,
  ms: number,
): EventDateTime {
  if (allDay) return { date: formatDate(floating) };
  return template.timeZone
    ? { dateTime: formatInstant(ms, template.timeZone), timeZone: template.timeZone }
    : { dateTime: formatInstant(ms, 'UTC') };
}

/** Splits `<seriesId>_<stamp>` into its parts, or undefined if the id does not look like an instance id. */
export function parseInstanceId(id: string): { seriesId: string; allDay: boolean; floatingOrMs: number } | undefined {
  const m = /^(.+)_(\d{8})(?:T(\d{2})(\d{2})(\d{2})Z)?$/.exec(id);
  if (!m || !m[1] || !m[2]) return undefined;
  const d = m[2];
  const day = Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)));
  if (Number.isNaN(day)) return undefined;
  if (m[3] === undefined) return { seriesId: m[1], allDay: true, floatingOrMs: day };
  return {
    seriesId: m[1],
    allDay: false,
    floatingOrMs: day + (Number(m[3]) * 3600 + Number(m[4]) * 60 + Number(m[5])) * 1000,
  };
}
