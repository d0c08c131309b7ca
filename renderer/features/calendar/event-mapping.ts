import type { EventInput } from '@fullcalendar/react';

/** Google's EventDateTime: `date` (YYYY-MM-DD) for all-day events, `dateTime` (RFC 3339) otherwise. */
export interface GoogleEventDateTime {
  date?: string | null;
  dateTime?: string | null;
  timeZone?: string | null;
}

/** The start or end sent when creating an event. */
// A type alias (not an interface) so it fits the schema's open object type.
export type EventTimeInput = {
  date?: string;
  dateTime?: string;
  timeZone?: string;
};

/** The fields of a Calendar v3 Event the week view reads. */
export interface GoogleEvent {
  id?: string | null;
  status?: string | null;
  summary?: string | null;
  location?: string | null;
  htmlLink?: string | null;
  start?: GoogleEventDateTime | null;
  end?: GoogleEventDateTime | null;
}

/** A time range chosen in the grid. All-day ranges are local midnights with an exclusive end. */
export interface SelectedRange {
  start: Date;
  end: Date;
  allDay: boolean;
}

export const untitledEventLabel = '(No title)';

/** A Google event as FullCalendar input, or null when it cannot be shown (cancelled, no start). */
export function toCalendarEventInput(event: GoogleEvent): EventInput | null {
  if (!event.id || event.status === 'cancelled') return null;
  const start = event.start;
  if (!start) return null;
  const title = event.summary?.trim() || untitledEventLabel;
  const extendedProps = { location: event.location ?? null, htmlLink: event.htmlLink ?? null, pending: isPendingEventId(event.id) };

  if (start.date) {
    // Google's all-day end date is exclusive, exactly as FullCalendar expects; a missing end means one day.
    const end = event.end?.date ?? addDaysToDate(start.date, 1);
    return { id: event.id, title, start: start.date, end, allDay: true, extendedProps };
  }
  if (start.dateTime) {
    const end = event.end?.dateTime ?? start.dateTime;
    return { id: event.id, title, start: start.dateTime, end, allDay: false, extendedProps };
  }
  return null;
}

export function toCalendarEventInputs(events: readonly GoogleEvent[] | null | undefined): EventInput[] {
  return (events ?? []).flatMap((event) => {
    const input = toCalendarEventInput(event);
    return input ? [input] : [];
  });
}

/** The start/end of a new Google event covering a selection, in the user's time zone. */
export function selectionToEventTimes(
  range: SelectedRange,
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): { start: EventTimeInput; end: EventTimeInput } {
  if (range.allDay) {
    return { start: { date: formatLocalDate(range.start) }, end: { date: formatLocalDate(range.end) } };
  }
  return {
    start: { dateTime: formatLocalDateTime(range.start), timeZone },
    end: { dateTime: formatLocalDateTime(range.end), timeZone },
  };
}

/** A readable description of a selection for the create dialog, e.g. "Tue, Nov 24, 10:00 – 11:30 AM". */
export function describeSelection(range: SelectedRange, locale?: string): string {
  if (range.allDay) {
    const lastDay = new Date(range.end.getFullYear(), range.end.getMonth(), range.end.getDate() - 1);
    const dayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric' });
    const sameDay = lastDay.getTime() <= range.start.getTime();
    return sameDay ? `${dayFormat.format(range.start)} · all day` : `${dayFormat.formatRange(range.start, lastDay)} · all day`;
  }
  return new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).formatRange(
    range.start,
    range.end,
  );
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

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** YYYY-MM-DD of a Date's local calendar day. */
export function formatLocalDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** RFC 3339 with the local offset, e.g. `2026-11-24T10:00:00-05:00`. */
export function formatLocalDateTime(date: Date): string {
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const absolute = Math.abs(offsetMinutes);
  return (
    `${formatLocalDate(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}

function addDaysToDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return next.toISOString().slice(0, 10);
}
