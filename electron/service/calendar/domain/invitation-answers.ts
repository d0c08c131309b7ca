import { forbidden } from '../../http/api-error';
import type { AttendeeAnswer } from './attendee-copies';
import { answerOf, guestList, organizes, sameAnswer, selfAttendee, withAnswer } from './attendee-copies';
import type { ChangeRecorder } from './change-log';
import type { CalendarRow } from './calendars-repository';
import type { EventRow } from './events-repository';
import type { FoundEvent } from './event-lookup';
import { findEventIn } from './event-lookup';
import { eventTiming, resolveTime } from './event-time';
import type { EventDateTime, EventResource } from './event-types';
import { writableEventFields } from './event-types';
import { insertEventRow, updateEventRow } from './event-writes';
import type { CalendarRepositories } from './repositories';
import { isoUtc } from './time';

/**
 * Writes by an attendee to their copy of an invitation (see attendee-copies.ts). The attendee
 * changes what is theirs: their answer (responseStatus, comment, additionalGuests) and their
 * reminders, color, transparency and private extended properties. The answer goes to the
 * organizer's event and from there to every copy; anything else that belongs to the event is the
 * organizer's to change.
 */

/** The organizer's side of an attendee's copy, when the organizer's calendar is in this service. */
export interface OrganizerSide {
  calendar: CalendarRow;
  found: FoundEvent;
}

export function organizerSideOf(
  r: CalendarRepositories,
  calendar: CalendarRow,
  copy: EventResource,
): OrganizerSide | undefined {
  const organizerId = copy.organizer?.email;
  if (organizerId === undefined || organizes(calendar, copy) || copy.privateCopy === true) return undefined;
  const organizerCalendar = r.calendars.get(organizerId) ?? r.calendars.get(organizerId.toLowerCase());
  if (!organizerCalendar || organizerCalendar.id === calendar.id) return undefined;
  const found = findEventIn(r, organizerCalendar, copy.id);
  if (!found || found.resource.iCalUID !== copy.iCalUID || !organizes(organizerCalendar, found.resource))
    return undefined;
  return { calendar: organizerCalendar, found };
}

/** Fields an attendee's write may not change (their own entry in `attendees` is checked apart). */
const notAttendeeFields = new Set<string>([
  'reminders',
  'colorId',
  'transparency',
  'attendees',
  'attendeesOmitted',
  'sequence',
  'organizer',
  'extendedProperties',
]);
const eventFields = writableEventFields.filter((field) => !notAttendeeFields.has(field));
const timeFields = new Set<string>(['start', 'end', 'originalStartTime']);

/** JSON with object keys sorted, so equal values compare equal whatever order a client wrote them in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** Times are equal when they denote the same instant (or date) in the same zone, however written. */
function sameTime(a: EventDateTime | undefined, b: EventDateTime | undefined, zone: string): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.date !== undefined || b.date !== undefined) return a.date === b.date;
  return (a.timeZone ?? '') === (b.timeZone ?? '') && resolveTime(a, zone).ms === resolveTime(b, zone).ms;
}

function changedEventField(previous: EventResource, next: EventResource, zone: string): string | undefined {
  for (const field of eventFields) {
    const same = timeFields.has(field)
      ? sameTime(previous[field] as EventDateTime | undefined, next[field] as EventDateTime | undefined, zone)
      : canonical(previous[field]) === canonical(next[field]);
    if (!same) return field;
  }
  if (canonical(previous.extendedProperties?.shared ?? {}) !== canonical(next.extendedProperties?.shared ?? {}))
    return 'extendedProperties.shared';
  return undefined;
}

const organizerOnly = (field: string) =>
  forbidden(
    `Only the organizer can change ${field} of this event; attendees change their own response and reminders.`,
    'forbiddenForNonOrganizer',
  );

/**
 * The attendee's answer carried by `next` (the copy as the write would leave it). A client may
 * send the whole guest list back (only its own entry may differ), or just its own entry with
 * `attendeesOmitted: true`; a write without attendees leaves the answer as it was.
 */
function answerIn(calendarId: string, previous: EventResource, next: EventResource): AttendeeAnswer | undefined {
  const mine = selfAttendee(previous, calendarId);
  if (next.attendees === undefined || next.attendees === previous.attendees) return mine && answerOf(mine);
  if (next.attendeesOmitted !== true && guestList(next.attendees) !== guestList(previous.attendees))
    throw organizerOnly('the guest list');
  const given = selfAttendee(next, calendarId);
  return given ? answerOf(given) : mine && answerOf(mine);
}

/** Writes the answer into the organizer's event (a generated instance becomes an exception there). */
function answerToOrganizer(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  organizer: OrganizerSide,
  attendeeEmail: string,
  answer: AttendeeAnswer,
): void {
  const attendees = withAnswer(organizer.found.resource.attendees, attendeeEmail, answer);
  if (!attendees) return;
  const next: EventResource = { ...organizer.found.resource, attendees, updated: isoUtc(changes.nowMs) };
  const timing = eventTiming(next, organizer.calendar.time_zone);
  if (organizer.found.kind === 'stored')
    updateEventRow(r, changes, organizer.calendar, organizer.found.row, next, timing);
  else insertEventRow(r, changes, organizer.calendar, next, timing);
}

/**
 * An attendee's update or patch of their copy: checks it changes only what is theirs, stores the
 * copy, and passes a changed answer to the organizer. Returns the copy as stored at the end.
 */
export function writeInvitationCopy(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  calendar: CalendarRow,
  found: FoundEvent,
  next: EventResource,
  organizer: OrganizerSide,
): EventRow {
  const previous = found.resource;
  const changed = changedEventField(previous, next, calendar.time_zone);
  if (changed !== undefined) throw organizerOnly(changed);
  const answer = answerIn(calendar.id, previous, next);
  const copy: EventResource = { ...next, attendees: previous.attendees };
  if (previous.attendees === undefined) delete copy.attendees;
  if (previous.attendeesOmitted === undefined) delete copy.attendeesOmitted;
  else copy.attendeesOmitted = previous.attendeesOmitted;
  if (answer) copy.attendees = withAnswer(previous.attendees, calendar.id, answer) ?? previous.attendees;
  const timing = eventTiming(copy, calendar.time_zone);
  const stored =
    found.kind === 'stored'
      ? updateEventRow(r, changes, calendar, found.row, copy, timing)
      : insertEventRow(r, changes, calendar, copy, timing);
  const before = selfAttendee(previous, calendar.id);
  if (answer && before && !sameAnswer(answerOf(before), answer))
    answerToOrganizer(r, changes, organizer, calendar.id, answer);
  return r.events.get(calendar.id, stored.event_id) ?? stored;
}

/** An attendee removing the invitation from their calendar declines it (after the copy was cancelled). */
export function declineInvitation(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  calendar: CalendarRow,
  copy: EventResource,
  organizer: OrganizerSide,
): void {
  const mine = selfAttendee(copy, calendar.id);
  if (!mine || mine.responseStatus === 'declined') return;
  answerToOrganizer(r, changes, organizer, calendar.id, { ...answerOf(mine), responseStatus: 'declined' });
}
