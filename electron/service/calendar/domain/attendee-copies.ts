import type { ChangeRecorder } from './change-log';
import type { CalendarRow } from './calendars-repository';
import { storeEventRowUpdate, storeNewEventRow } from './event-rows';
import { eventTiming } from './event-time';
import type { EventAttendee, EventResource } from './event-types';
import { parseResource } from './event-view';
import type { CalendarRepositories } from './repositories';

/**
 * Invitations between users of this service. The organizer's event (on the calendar named by its
 * `organizer`) is the one truth; every attendee who is a user here gets a copy on their primary
 * calendar with the same id and iCalUID. A copy takes the organizer's fields except the ones that
 * belong to its owner (reminders, color, transparency, private extended properties), and it is
 * rewritten, in the organizer's transaction, each time the organizer's event changes. An attendee's
 * answer is written to the organizer's attendee list, which flows back into every copy.
 */

/** Fields of a copy that belong to the attendee, not to the event. */
const personalFields = ['reminders', 'colorId', 'transparency'] as const;

const normalEmail = (email: string | undefined): string => (email ?? '').toLowerCase();

/** Whether `calendar` holds the organizer's own event (the one whose changes propagate). */
export function organizes(calendar: CalendarRow, resource: EventResource): boolean {
  return normalEmail(resource.organizer?.email) === normalEmail(calendar.id) && resource.privateCopy !== true;
}

/** The attendee entry of the calendar's owner in a copy. */
export function selfAttendee(resource: EventResource, calendarId: string): EventAttendee | undefined {
  const self = normalEmail(calendarId);
  return resource.attendees?.find((a) => normalEmail(a.email) === self);
}

/**
 * An invitation its owner has not acted on yet: on a calendar that does not organize the event,
 * the owner's own attendee entry still needs an answer. (`hideInvitations` hides these.)
 */
export function isUnansweredInvitation(resource: EventResource, calendarId: string): boolean {
  if (normalEmail(resource.organizer?.email) === normalEmail(calendarId)) return false;
  const self = selfAttendee(resource, calendarId);
  return self !== undefined && (self.responseStatus ?? 'needsAction') === 'needsAction';
}

/** Whether the calendar's owner declined the event (declined events do not block time). */
export function declinedBySelf(resource: EventResource, calendarId: string): boolean {
  return selfAttendee(resource, calendarId)?.responseStatus === 'declined';
}

/**
 * The primary calendars (by id) that get a copy: attendees who are users here, except the
 * organizing calendar itself and resources (rooms). An instance that carries no attendee list of
 * its own (a cancelled occurrence) goes to its series' attendees.
 */
function recipients(
  r: CalendarRepositories,
  organizer: CalendarRow,
  resource: EventResource,
): Map<string, CalendarRow> {
  let attendees = resource.attendees;
  if (attendees === undefined && resource.recurringEventId) {
    const series = r.events.get(organizer.id, resource.recurringEventId);
    if (series) attendees = parseResource(series).attendees;
  }
  const out = new Map<string, CalendarRow>();
  for (const attendee of attendees ?? []) {
    if (attendee.resource) continue;
    const email = normalEmail(attendee.email);
    if (email === '' || email === normalEmail(organizer.id) || out.has(email)) continue;
    const calendar = r.calendars.get(email);
    if (calendar?.is_primary && normalEmail(calendar.owner_email) === email) out.set(email, calendar);
  }
  return out;
}

/** The event's web link for another calendar, on the same base as the organizer's. */
function linkFor(organizerLink: string | undefined, calendarId: string, eventId: string): string | undefined {
  if (organizerLink === undefined) return undefined;
  const at = organizerLink.indexOf('/calendar/event?eid=');
  if (at < 0) return organizerLink;
  const eid = Buffer.from(`${eventId} ${calendarId}`, 'utf8').toString('base64url');
  return `${organizerLink.slice(0, at)}/calendar/event?eid=${eid}`;
}

const later = (a: string, b: string | undefined): string => (b !== undefined && b > a ? b : a);

/** What an attendee's copy should hold, given the organizer's event and the copy as it is now. */
function copyOf(organizer: EventResource, target: CalendarRow, existing: EventResource | undefined): EventResource {
  const copy: EventResource = { ...organizer };
  const link = linkFor(organizer.htmlLink, target.id, organizer.id);
  if (link !== undefined) copy.htmlLink = link;
  copy.updated = later(organizer.updated, existing?.updated);
  for (const field of personalFields) delete copy[field];
  copy.reminders = existing?.reminders ?? { useDefault: true };
  if (existing?.colorId !== undefined) copy.colorId = existing.colorId;
  const transparency = existing ? existing.transparency : organizer.transparency;
  if (transparency !== undefined) copy.transparency = transparency;
  const privateProperties = existing?.extendedProperties?.private;
  const sharedProperties = organizer.extendedProperties?.shared;
  delete copy.extendedProperties;
  if (privateProperties || sharedProperties) {
    copy.extendedProperties = {
      ...(privateProperties ? { private: privateProperties } : {}),
      ...(sharedProperties ? { shared: sharedProperties } : {}),
    };
  }
  if (organizer.guestsCanSeeOtherGuests === false && organizer.attendees) {
    // Guests who may not see each other see themselves and the organizer.
    const self = normalEmail(target.id);
    copy.attendees = organizer.attendees.filter((a) => a.organizer === true || normalEmail(a.email) === self);
  }
  // Deleting an invitation declines it; the copy stays removed while the answer is "declined".
  if (existing?.status === 'cancelled' && declinedBySelf(organizer, target.id)) copy.status = 'cancelled';
  return copy;
}

function storeCopy(r: CalendarRepositories, changes: ChangeRecorder, target: CalendarRow, next: EventResource): void {
  const row = r.events.get(target.id, next.id);
  if (!row) {
    storeNewEventRow(r, changes, target, next, eventTiming(next, target.time_zone));
    return;
  }
  const existing = parseResource(row);
  // An unrelated event of the attendee's that happens to use the same id is left alone.
  if (existing.iCalUID !== next.iCalUID) return;
  if (JSON.stringify(existing) === JSON.stringify(next)) return;
  storeEventRowUpdate(r, changes, target, row, next, eventTiming(next, target.time_zone));
}

/**
 * Brings the attendees' copies in step with the organizer's event after it was written: new and
 * remaining attendees get their copy (re)written, attendees no longer listed see theirs cancelled.
 * `previous` is the organizer's event before the write (undefined for a new one).
 */
export function syncAttendeeCopies(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  organizer: CalendarRow,
  previous: EventResource | undefined,
  next: EventResource,
): void {
  if (!organizes(organizer, next)) return;
  const now = recipients(r, organizer, next);
  const before =
    previous && organizes(organizer, previous) ? recipients(r, organizer, previous) : new Map<string, CalendarRow>();
  for (const target of now.values()) {
    const row = r.events.get(target.id, next.id);
    storeCopy(r, changes, target, copyOf(next, target, row ? parseResource(row) : undefined));
  }
  for (const [email, target] of before) {
    if (now.has(email)) continue;
    const row = r.events.get(target.id, next.id);
    if (!row) continue;
    const existing = parseResource(row);
    if (existing.iCalUID !== next.iCalUID || existing.status === 'cancelled') continue;
    const removed: EventResource = { ...existing, status: 'cancelled', updated: new Date(changes.nowMs).toISOString() };
    storeEventRowUpdate(r, changes, target, row, removed, eventTiming(removed, target.time_zone));
  }
}

/** Cancels every copy of the organizer's event (its calendar is going away). */
export function cancelAttendeeCopies(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  organizer: CalendarRow,
  resource: EventResource,
): void {
  if (!organizes(organizer, resource) || resource.status === 'cancelled') return;
  syncAttendeeCopies(r, changes, organizer, resource, {
    ...resource,
    status: 'cancelled',
    updated: new Date(changes.nowMs).toISOString(),
  });
}

/** An attendee's own answer: the parts of their attendee entry they may change. */
export interface AttendeeAnswer {
  responseStatus: string;
  comment?: string;
  additionalGuests?: number;
}

export function answerOf(entry: EventAttendee): AttendeeAnswer {
  return {
    responseStatus: entry.responseStatus ?? 'needsAction',
    ...(entry.comment !== undefined ? { comment: entry.comment } : {}),
    ...(entry.additionalGuests !== undefined ? { additionalGuests: entry.additionalGuests } : {}),
  };
}

export const sameAnswer = (a: AttendeeAnswer, b: AttendeeAnswer): boolean =>
  a.responseStatus === b.responseStatus && a.comment === b.comment && a.additionalGuests === b.additionalGuests;

/** The attendee list with `email`'s entry carrying `answer`; undefined when they are not listed. */
export function withAnswer(
  attendees: readonly EventAttendee[] | undefined,
  email: string,
  answer: AttendeeAnswer,
): EventAttendee[] | undefined {
  const self = normalEmail(email);
  if (!attendees?.some((a) => normalEmail(a.email) === self)) return undefined;
  return attendees.map((a) => {
    if (normalEmail(a.email) !== self) return a;
    const { comment: _comment, additionalGuests: _guests, ...rest } = a;
    return { ...rest, ...answer };
  });
}

/** The lower-cased addresses of an attendee list, sorted: what an attendee may not change. */
export function guestList(attendees: readonly EventAttendee[] | undefined): string {
  return (attendees ?? [])
    .map((a) => normalEmail(a.email))
    .sort()
    .join('\n');
}
