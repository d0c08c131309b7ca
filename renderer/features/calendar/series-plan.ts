import { serverOwnedEventFields } from '../../../shared/calendar/restorable-event';
import { eventTimesOf, googleTimesOf, type EventTimes, type GoogleEvent } from './event-mapping';
import { continueSeries, endSeriesBefore } from './recurrence-rule';
import {
  addDaysToDate,
  dateInZone,
  daysBetween,
  instantOfWallTime,
  parseWallTime,
  shiftByWallClockDelta,
  timeInZone,
  weekdayOfDate,
} from './time-zone';

/**
 * Turns a change to an event into the API writes that make it, including the three ways a change
 * to one instance of a recurring event can apply:
 *   this       → the instance alone is patched (the service keeps it as an exception);
 *   following  → the series is split: the old one ends (UNTIL) just before the instance and a new
 *                series starts from it, carrying the change;
 *   all        → the series itself is patched, its times shifted by what the instance moved.
 * Pure: the caller fetches what is needed (the series, the count of earlier occurrences) and runs
 * the steps in order.
 */

export type SeriesScope = 'this' | 'following' | 'all';

/** Event fields other than times and recurrence (title, location, attendees …), as a write body. */
export type EventFields = Record<string, unknown>;

export type EventChange =
  /** Dragged or resized: only the times change. */
  | { kind: 'times'; to: EventTimes }
  /** Saved from the editor: fields, times, and (for a series) the recurrence lines. */
  | { kind: 'edit'; fields: EventFields; to: EventTimes; recurrence?: string[] }
  | { kind: 'delete' };

export type WriteStep =
  | { op: 'patch'; calendarId: string; eventId: string; body: EventFields }
  /** Full replacement: used when an event switches between all-day and timed. */
  | { op: 'update'; calendarId: string; eventId: string; body: EventFields }
  | { op: 'insert'; calendarId: string; body: EventFields }
  | { op: 'delete'; calendarId: string; eventId: string };

export interface SeriesContext {
  /** The recurring event itself (with `recurrence`). */
  master: GoogleEvent;
  /** Occurrences of the series before the instance; needed only when the rule has COUNT. */
  occurrencesBefore?: number;
  /** Ids of the series' stored exceptions at or after the instance (replaced by a new series). */
  laterExceptionIds?: string[];
}

/** Fields a new copy of an event (a continuing series) keeps; server-owned ones are left behind. */
const copiedFields = [
  'summary',
  'description',
  'location',
  'colorId',
  'visibility',
  'transparency',
  'attendees',
  'reminders',
  'attachments',
  'extendedProperties',
  'guestsCanInviteOthers',
  'guestsCanModify',
  'guestsCanSeeOtherGuests',
  'anyoneCanAddSelf',
  'source',
  'status',
] as const;

export function copyFields(event: GoogleEvent): EventFields {
  const out: EventFields = {};
  const source = event as Record<string, unknown>;
  for (const field of copiedFields)
    if (source[field] !== undefined && source[field] !== null) out[field] = source[field];
  return out;
}

function replacementBody(event: GoogleEvent, overrides: EventFields): EventFields {
  const body: EventFields = { ...(event as Record<string, unknown>), ...overrides };
  for (const field of serverOwnedEventFields) delete body[field];
  return body;
}

function switchesAllDay(before: EventTimes | null, after: EventTimes): boolean {
  return before !== null && before.allDay !== after.allDay;
}

/** Writes for a change to an event that is not part of a series. */
export function planSingleChange(calendarId: string, event: GoogleEvent, change: EventChange): WriteStep[] {
  const eventId = event.id ?? '';
  if (change.kind === 'delete') return [{ op: 'delete', calendarId, eventId }];
  const before = eventTimesOf(event, 'UTC');
  const times = googleTimesOf(change.to);
  const fields =
    change.kind === 'edit' ? { ...change.fields, ...(change.recurrence ? { recurrence: change.recurrence } : {}) } : {};
  if (switchesAllDay(before, change.to))
    return [{ op: 'update', calendarId, eventId, body: replacementBody(event, { ...fields, ...times }) }];
  return [{ op: 'patch', calendarId, eventId, body: { ...fields, ...times } }];
}

/** The instance's original start, which names it within its series. */
export function originalStartOf(instance: GoogleEvent, zone: string): { startMs: number; date: string } | null {
  const original = instance.originalStartTime ?? instance.start;
  if (!original) return null;
  if (original.date) return { startMs: Date.parse(`${original.date}T00:00:00Z`), date: original.date };
  if (original.dateTime) {
    const startMs = Date.parse(original.dateTime);
    return Number.isNaN(startMs) ? null : { startMs, date: dateInZone(startMs, zone) };
  }
  return null;
}

/** Whether the instance is the series' first occurrence ("following" then means "all"). */
export function isFirstOccurrence(instance: GoogleEvent, master: GoogleEvent): boolean {
  const zone = master.start?.timeZone ?? 'UTC';
  const original = originalStartOf(instance, zone);
  const first = originalStartOf({ start: master.start } as GoogleEvent, zone);
  return original !== null && first !== null && original.startMs <= first.startMs;
}

/**
 * The series' times moved the way the instance moved: by the same wall-clock shift of its start
 * (read in the series' zone), and with the instance's new length.
 */
export function shiftedSeriesTimes(
  master: GoogleEvent,
  instanceBefore: EventTimes,
  instanceAfter: EventTimes,
): EventTimes | null {
  const zone = master.start?.timeZone ?? (instanceBefore.allDay ? 'UTC' : instanceBefore.timeZone);
  const series = eventTimesOf(master, zone);
  if (!series) return null;

  if (series.allDay && instanceBefore.allDay && instanceAfter.allDay) {
    const shift = daysBetween(instanceBefore.startDate, instanceAfter.startDate);
    const length = daysBetween(instanceAfter.startDate, instanceAfter.endDate);
    const startDate = addDaysToDate(series.startDate, shift);
    return { allDay: true, startDate, endDate: addDaysToDate(startDate, length) };
  }
  if (!series.allDay && !instanceBefore.allDay && !instanceAfter.allDay) {
    const startMs = shiftByWallClockDelta(series.startMs, instanceBefore.startMs, instanceAfter.startMs, zone);
    return {
      allDay: false,
      startMs,
      endMs: startMs + (instanceAfter.endMs - instanceAfter.startMs),
      timeZone: series.timeZone,
    };
  }
  // Between all-day and timed: keep the series' first day, shifted by as many days as the instance moved.
  const beforeDate = instanceBefore.allDay ? instanceBefore.startDate : dateInZone(instanceBefore.startMs, zone);
  const seriesDate = series.allDay ? series.startDate : dateInZone(series.startMs, zone);
  if (instanceAfter.allDay) {
    const startDate = addDaysToDate(seriesDate, daysBetween(beforeDate, instanceAfter.startDate));
    return {
      allDay: true,
      startDate,
      endDate: addDaysToDate(startDate, daysBetween(instanceAfter.startDate, instanceAfter.endDate)),
    };
  }
  const afterZone = instanceAfter.timeZone;
  const afterDate = dateInZone(instanceAfter.startMs, afterZone);
  const wall = parseWallTime(
    addDaysToDate(seriesDate, daysBetween(beforeDate, afterDate)),
    timeInZone(instanceAfter.startMs, afterZone),
  );
  if (!wall) return null;
  const startMs = instantOfWallTime(wall, afterZone);
  return {
    allDay: false,
    startMs,
    endMs: startMs + (instanceAfter.endMs - instanceAfter.startMs),
    timeZone: afterZone,
  };
}

function weekdayOf(times: EventTimes): number {
  return weekdayOfDate(times.allDay ? times.startDate : dateInZone(times.startMs, times.timeZone));
}

/** Writes for a change to one instance of a series, applied to `scope`. */
export function planSeriesChange(
  calendarId: string,
  instance: GoogleEvent,
  scope: SeriesScope,
  change: EventChange,
  series: SeriesContext,
): WriteStep[] {
  const { master } = series;
  const masterId = master.id ?? instance.recurringEventId ?? '';
  const instanceId = instance.id ?? '';
  const zone = master.start?.timeZone ?? instance.start?.timeZone ?? 'UTC';
  const before = eventTimesOf(instance, zone);
  const rules = master.recurrence ?? [];

  if (scope === 'this') {
    if (change.kind === 'delete') return [{ op: 'delete', calendarId, eventId: instanceId }];
    // An instance has no recurrence of its own.
    return planSingleChange(
      calendarId,
      instance,
      change.kind === 'edit' ? { ...change, recurrence: undefined } : change,
    );
  }

  const effectiveScope = scope === 'following' && isFirstOccurrence(instance, master) ? 'all' : scope;

  if (effectiveScope === 'all') {
    if (change.kind === 'delete') return [{ op: 'delete', calendarId, eventId: masterId }];
    if (!before) return [];
    const seriesTimes = shiftedSeriesTimes(master, before, change.to);
    if (!seriesTimes) return [];
    const recurrence =
      change.kind === 'edit' && change.recurrence
        ? change.recurrence
        : continueSeries(rules, {
            occurrencesBefore: 0,
            fromWeekday: weekdayOf(before),
            toWeekday: weekdayOf(change.to),
          });
    const fields = change.kind === 'edit' ? change.fields : {};
    return planSingleChange(calendarId, master, { kind: 'edit', fields, to: seriesTimes, recurrence });
  }

  // This and following: end the old series before the instance …
  const original = originalStartOf(instance, zone);
  if (!original) return [];
  const anchor = { allDay: before?.allDay ?? false, timeZone: zone };
  const endOld: WriteStep = {
    op: 'patch',
    calendarId,
    eventId: masterId,
    body: { recurrence: endSeriesBefore(rules, original, anchor) },
  };
  const dropLater: WriteStep[] = (series.laterExceptionIds ?? []).map((eventId) => ({
    op: 'delete',
    calendarId,
    eventId,
  }));
  if (change.kind === 'delete') return [...dropLater, endOld];

  // … and start a new one from it, carrying the change.
  const recurrence =
    change.kind === 'edit' && change.recurrence
      ? change.recurrence
      : continueSeries(rules, {
          occurrencesBefore: series.occurrencesBefore ?? 0,
          fromWeekday: before ? weekdayOf(before) : 0,
          toWeekday: weekdayOf(change.to),
        });
  const fields = change.kind === 'edit' ? change.fields : {};
  const newSeries: WriteStep = {
    op: 'insert',
    calendarId,
    body: { ...copyFields(master), ...fields, ...googleTimesOf(change.to), recurrence },
  };
  // The new series is written first: if anything after it fails, the caller removes it again.
  return [newSeries, ...dropLater, endOld];
}
