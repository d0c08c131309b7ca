import type { EventInput } from '@fullcalendar/react';
import type { CalendarEvent } from '../../../shared/api/schemas/calendar';
import { eventColor, type ColorPair, type Palettes } from './colors';
import { addDaysToDate, dateInZone, instantOfWallTime, parseWallTime, rfc3339InZone, timeInZone } from './time-zone';
import { dateTimeFormat } from '../../lib/intl-format';

/** A Calendar v3 event as the service answers it. */
export type GoogleEvent = CalendarEvent;

/** The start or end sent when writing an event. */
// A type alias (not an interface) so it fits the schema's open object type.
export type EventTimeInput = {
  date?: string;
  dateTime?: string;
  timeZone?: string;
};

/**
 * When an event happens, as the grid and the editor handle it: all-day events by dates (end
 * exclusive, as Google and FullCalendar both count), timed events by instants plus the zone their
 * clock times are written in.
 */
export type EventTimes =
  | { allDay: true; startDate: string; endDate: string }
  | { allDay: false; startMs: number; endMs: number; timeZone: string };

/** What the grid needs to know about the calendar an event is on. */
export interface CalendarContext {
  calendarId: string;
  color: ColorPair;
  /** The user may change this calendar's events. */
  writable: boolean;
  /** Only free/busy is visible: events carry no details. */
  busyOnly: boolean;
}

/** Identifies an event on the grid: the same event can sit on two calendars (an invitation and its organizer's copy). */
export function eventKey(calendarId: string, eventId: string): string {
  return `${calendarId}\u0001${eventId}`;
}

export function parseEventKey(key: string): { calendarId: string; eventId: string } | null {
  const separator = key.indexOf('\u0001');
  if (separator <= 0) return null;
  return { calendarId: key.slice(0, separator), eventId: key.slice(separator + 1) };
}

export const untitledEventLabel = '(No title)';
export const busyEventLabel = 'Busy';

/** Extra data each grid event carries back to the handlers. */
export interface GridEventProps {
  calendarId: string;
  eventId: string;
  recurringEventId: string | null;
  pending: boolean;
  location: string | null;
  /** The person whose calendar this is said No to the invitation: shown struck through, as Google does. */
  declined: boolean;
  /** A timed event that ends as it starts: the grid has it `zeroLengthMs` long (see there). */
  zeroLength: boolean;
  /**
   * A timed event a day or longer, drawn in the day and week views' all-day row (see
   * `longTimedInAllDayRow`): its own start and end.
   */
  spansDays?: { startMs: number; endMs: number };
}

const dayMs = 86_400_000;

/**
 * The day and week views' input with timed events of 24 hours or more moved to the all-day row, as
 * Google Calendar draws them: a bar over the days they touch in the display zone, labelled with the
 * start time, instead of blocks filling whole day columns beside everything else. The event keeps
 * its times (`spansDays`); a drag along the row moves them by whole days, and a drag of the bar's
 * end moves the end by whole days. Unchanged input is answered as it is.
 */
export function longTimedInAllDayRow(events: EventInput[], zone: string): EventInput[] {
  let changed = false;
  const out = events.map((input) => {
    const { start, end } = input;
    if (input.allDay || typeof start !== 'number' || typeof end !== 'number' || end - start < dayMs) return input;
    changed = true;
    return {
      ...input,
      start: dateInZone(start, zone),
      end: addDaysToDate(dateInZone(end - 1, zone), 1),
      allDay: true,
      extendedProps: { ...input.extendedProps, spansDays: { startMs: start, endMs: end } },
    };
  });
  return changed ? out : events;
}

/**
 * Where a long timed event goes when its bar is dropped on another day of the all-day row: the same
 * times on clocks in the display zone, `days` days later (earlier when negative).
 */
export function movedByDays(
  spans: { startMs: number; endMs: number },
  days: number,
  zone: string,
): Extract<EventTimes, { allDay: false }> {
  const shift = (ms: number) => {
    const wall = parseWallTime(addDaysToDate(dateInZone(ms, zone), days), timeInZone(ms, zone));
    return wall ? instantOfWallTime(wall, zone) : ms + days * dayMs;
  };
  return { allDay: false, startMs: shift(spans.startMs), endMs: shift(spans.endMs), timeZone: zone };
}

/**
 * Where a long timed event ends when the end of its bar in the all-day row is dragged `days` days
 * later (earlier when negative): the same end time on clocks in the display zone, that many days
 * away; the start stays. Null when that end would not be after the start.
 */
export function resizedByDays(
  spans: { startMs: number; endMs: number },
  days: number,
  zone: string,
): Extract<EventTimes, { allDay: false }> | null {
  const end = movedByDays(spans, days, zone).endMs;
  return end > spans.startMs ? { allDay: false, startMs: spans.startMs, endMs: end, timeZone: zone } : null;
}

/**
 * How long the grid takes a timed event of no length (an end at its start) to be. FullCalendar reads
 * such an end as none and gives the event its default length, an hour; a millisecond draws it as
 * Google does, a block of the least height at its start, and its time reads as the start alone.
 * Times the grid reports back for it (a drag, a resize) take the millisecond off again.
 */
export const zeroLengthMs = 1;

/** The times of a stored event; null when it has none the grid can place. */
export function eventTimesOf(event: Pick<GoogleEvent, 'start' | 'end'>, fallbackZone: string): EventTimes | null {
  const start = event.start;
  if (!start) return null;
  if (start.date) {
    return { allDay: true, startDate: start.date, endDate: event.end?.date ?? addDaysToDate(start.date, 1) };
  }
  if (start.dateTime) {
    const startMs = Date.parse(start.dateTime);
    if (Number.isNaN(startMs)) return null;
    const endParsed = event.end?.dateTime ? Date.parse(event.end.dateTime) : Number.NaN;
    const endMs = Number.isNaN(endParsed) || endParsed < startMs ? startMs : endParsed;
    return { allDay: false, startMs, endMs, timeZone: start.timeZone || event.end?.timeZone || fallbackZone };
  }
  return null;
}

/** A Google event as FullCalendar input, or null when it cannot be shown (cancelled, no start). */
export function toCalendarEventInput(
  event: GoogleEvent,
  calendar: CalendarContext,
  palettes: Palettes,
): EventInput | null {
  if (!event.id || event.status === 'cancelled') return null;
  const times = eventTimesOf(event, 'UTC');
  if (!times) return null;
  const title = event.summary?.trim() || (calendar.busyOnly ? busyEventLabel : untitledEventLabel);
  const color = eventColor(event.colorId, calendar.color, palettes);
  const extendedProps: GridEventProps = {
    calendarId: calendar.calendarId,
    eventId: event.id,
    recurringEventId: event.recurringEventId ?? null,
    pending: isPendingEventId(event.id),
    location: event.location ?? null,
    declined: event.attendees?.some((attendee) => attendee.self && attendee.responseStatus === 'declined') ?? false,
    zeroLength: !times.allDay && times.endMs === times.startMs,
  };
  const common = {
    id: eventKey(calendar.calendarId, event.id),
    title,
    color: color.background,
    contrastColor: color.foreground,
    ...(extendedProps.declined ? { className: 'calendar-event--declined' } : {}),
    editable: calendar.writable && !event.locked && !isPendingEventId(event.id),
    extendedProps,
  };
  if (times.allDay) return { ...common, start: times.startDate, end: times.endDate, allDay: true };
  // Instants (ms) rather than strings: FullCalendar then places them in its display zone with no re-parsing.
  const end = extendedProps.zeroLength ? times.startMs + zeroLengthMs : times.endMs;
  return { ...common, start: times.startMs, end, allDay: false };
}

export function toCalendarEventInputs(
  events: readonly GoogleEvent[] | null | undefined,
  calendar: CalendarContext,
  palettes: Palettes,
): EventInput[] {
  const out: EventInput[] = [];
  for (const event of events ?? []) {
    const input = toCalendarEventInput(event, calendar, palettes);
    if (input) out.push(input);
  }
  return out;
}

/** The start/end of an event body. */
export function googleTimesOf(times: EventTimes): { start: EventTimeInput; end: EventTimeInput } {
  if (times.allDay) return { start: { date: times.startDate }, end: { date: times.endDate } };
  return {
    start: { dateTime: rfc3339InZone(times.startMs, times.timeZone), timeZone: times.timeZone },
    end: { dateTime: rfc3339InZone(times.endMs, times.timeZone), timeZone: times.timeZone },
  };
}

/** A readable description of a time range, e.g. "Tue, Nov 24, 10:00 – 11:30 AM" in the display zone. */
export function describeTimes(
  times: EventTimes,
  displayZone: string,
  options: { locale?: string; hour12?: boolean } = {},
): string {
  if (times.allDay) {
    const lastDay = addDaysToDate(times.endDate, -1);
    const format = dateTimeFormat(options.locale, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const start = new Date(`${times.startDate}T00:00:00Z`);
    const last = new Date(`${lastDay}T00:00:00Z`);
    return lastDay <= times.startDate
      ? `${format.format(start)} · all day`
      : `${format.formatRange(start, last)} · all day`;
  }
  return dateTimeFormat(options.locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: displayZone,
    ...(options.hour12 === undefined ? {} : { hour12: options.hour12 }),
  }).formatRange(times.startMs, times.endMs);
}

const pendingPrefix = 'pending-';
let pendingCounter = 0;

/** Ids for events shown before the service has answered; never sent to the service. */
export function newPendingEventId(): string {
  pendingCounter += 1;
  return `${pendingPrefix}${Date.now().toString(36)}${pendingCounter}`;
}

export function isPendingEventId(id: string): boolean {
  return id.startsWith(pendingPrefix);
}
