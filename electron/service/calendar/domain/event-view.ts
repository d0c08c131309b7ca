import { etagOf } from './calendar-views';
import type { EventRow, NewEventRow } from './events-repository';
import type { EventTiming } from './event-time';
import { resolveTime } from './event-time';
import type { EventDateTime, EventResource } from './event-types';
import type { Role } from './roles';
import { atLeast } from './roles';
import { formatInstant } from './time';

/** Text searched by the `q` parameter: every field except extended properties. */
export function searchTextOf(resource: EventResource): string {
  const parts: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string' && v !== '') parts.push(v);
  };
  add(resource.summary);
  add(resource.description);
  add(resource.location);
  for (const person of [resource.organizer, resource.creator]) {
    add(person?.email);
    add(person?.displayName);
  }
  for (const attendee of resource.attendees ?? []) {
    add(attendee.email);
    add(attendee.displayName);
    add(attendee.comment);
  }
  for (const attachment of resource.attachments ?? []) add(attachment.title);
  return parts.join('\n').toLowerCase();
}

/** The row columns derived from a resource. */
export function eventRowFields(
  calendarId: string,
  resource: EventResource,
  timing: EventTiming,
  changeSeq: number,
  updatedMs: number,
): NewEventRow {
  const originalStart =
    resource.originalStartTime && resource.recurringEventId ? resource.originalStartTime : undefined;
  return {
    calendar_id: calendarId,
    event_id: resource.id,
    ical_uid: resource.iCalUID,
    status: resource.status,
    is_series: timing.series ? 1 : 0,
    recurring_event_id: resource.recurringEventId ?? null,
    original_start_ms: originalStart ? resolveTime(originalStart, timing.start.zone).ms : null,
    start_ms: timing.start.ms,
    end_ms: timing.end.ms,
    range_end_ms: timing.rangeEndMs ?? null,
    updated_ms: updatedMs,
    change_seq: changeSeq,
    search_text: searchTextOf(resource),
    resource: JSON.stringify(resource),
  };
}

export const parseResource = (row: Pick<EventRow, 'resource'>): EventResource =>
  JSON.parse(row.resource) as EventResource;

/** How the requesting user sees events: their role, the response zone and attendee limit. */
export interface EventViewer {
  role: Role;
  calendarId: string;
  calendarZone: string;
  responseZone: string;
  maxAttendees?: number;
}

const busyOnlyFields = [
  'kind',
  'etag',
  'id',
  'status',
  'start',
  'end',
  'recurrence',
  'recurringEventId',
  'originalStartTime',
  'transparency',
  'updated',
] as const;
const privateFields = [
  ...busyOnlyFields,
  'htmlLink',
  'created',
  'iCalUID',
  'sequence',
  'visibility',
  'eventType',
  'endTimeUnspecified',
] as const;

function renderTime(edt: EventDateTime | undefined, viewer: EventViewer, knownMs?: number): EventDateTime | undefined {
  if (!edt || edt.dateTime === undefined) return edt;
  const ms = knownMs ?? resolveTime(edt, viewer.calendarZone).ms;
  const out: EventDateTime = { dateTime: formatInstant(ms, viewer.responseZone) };
  if (edt.timeZone) out.timeZone = edt.timeZone;
  return out;
}

/** Instants of an event already known (row columns, generated occurrences), so rendering need not re-read them. */
export interface KnownInstants {
  startMs: number;
  endMs: number;
  originalStartMs?: number | null;
}

/**
 * The event as `viewer` sees it: times in the response zone, `self` flags for this calendar,
 * attendees cut to `maxAttendees`, and details removed for roles that may not see them
 * (free/busy readers see only busy time; readers see private events without details).
 */
export function renderEvent(
  resource: EventResource,
  changeSeq: number,
  viewer: EventViewer,
  /** Instants already known to the caller (generated occurrences), to skip re-reading the times. */
  known?: KnownInstants,
): Record<string, unknown> {
  const out: Record<string, unknown> = { kind: 'calendar#event', etag: etagOf(changeSeq), ...resource };
  out.start = renderTime(resource.start, viewer, known?.startMs);
  out.end = renderTime(resource.end, viewer, known?.endMs);
  if (resource.originalStartTime) {
    out.originalStartTime = renderTime(resource.originalStartTime, viewer, known?.originalStartMs ?? undefined);
  }
  if (resource.organizer) out.organizer = withSelf(resource.organizer, viewer.calendarId);
  if (resource.creator) out.creator = withSelf(resource.creator, viewer.calendarId);
  if (resource.attendees) {
    let attendees = resource.attendees.map((a) => withSelf(a, viewer.calendarId));
    if (viewer.maxAttendees !== undefined && attendees.length > viewer.maxAttendees) {
      attendees = attendees.filter((a) => a.self);
      out.attendeesOmitted = true;
    }
    out.attendees = attendees;
  }
  if (!atLeast(viewer.role, 'reader')) return pick(out, busyOnlyFields);
  const isPrivate = resource.visibility === 'private' || resource.visibility === 'confidential';
  if (isPrivate && !atLeast(viewer.role, 'writer')) return pick(out, privateFields);
  return out;
}

function withSelf<T extends { email?: string; self?: boolean }>(person: T, calendarId: string): T {
  const copy = { ...person };
  delete copy.self;
  if (person.email !== undefined && person.email === calendarId) copy.self = true;
  return copy;
}

function pick(source: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (source[field] !== undefined) out[field] = source[field];
  return out;
}

/** Whether the viewer sees the details `q` searches (private events hide them from readers). */
export function detailsVisible(resource: EventResource, role: Role): boolean {
  if (!atLeast(role, 'reader')) return false;
  const isPrivate = resource.visibility === 'private' || resource.visibility === 'confidential';
  return !isPrivate || atLeast(role, 'writer');
}
