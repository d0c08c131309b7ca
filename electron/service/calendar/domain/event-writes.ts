import { randomFillSync } from 'node:crypto';
import { ApiError, badRequest } from '../../http/api-error';
import { syncAttendeeCopies } from './attendee-copies';
import type { ChangeRecorder } from './change-log';
import type { CalendarRow } from './calendars-repository';
import type { EventFields } from './event-input';
import type { EventRow } from './events-repository';
import type { EventTiming } from './event-time';
import { eventTiming } from './event-time';
import type { EventResource } from './event-types';
import { storeEventRowUpdate, storeNewEventRow } from './event-rows';
import { parseResource } from './event-view';
import type { CalendarRepositories } from './repositories';
import { isoUtc } from './time';

/** Building and storing event resources; every function runs inside the caller's transaction. */

const base32hex = '0123456789abcdefghijklmnopqrstuv';

/** Random bytes drawn ahead, so an id takes 16 of them rather than a call into the generator each. */
const randomPool = Buffer.alloc(4096);
let randomUsed = randomPool.length;

/**
 * A fresh server-side event id: 26 base32hex characters, the creation time in milliseconds (10
 * characters, 50 bits) followed by 80 random bits. Ids made later sort after earlier ones, so a new
 * event's entries land at the end of the indexes keyed by id (and by iCalUID, made from it) rather
 * than on a random page of each: a commit of a few inserts writes a few pages, not one per index and
 * event. Ids are opaque to clients; the time in them is the event's `created` time, which the event
 * carries anyway.
 */
export function generateEventId(nowMs: number = Date.now()): string {
  let id = '';
  let time = Math.max(0, Math.floor(nowMs));
  for (let i = 0; i < 10; i++) {
    id = base32hex[time % 32]! + id;
    time = Math.floor(time / 32);
  }
  if (randomUsed + 16 > randomPool.length) {
    randomFillSync(randomPool);
    randomUsed = 0;
  }
  for (let i = 0; i < 16; i++) id += base32hex[randomPool[randomUsed++]! & 31];
  return id;
}

/** Client-supplied ids: base32hex (a–v, 0–9), 5 to 1024 characters. */
export function checkClientEventId(id: unknown): string {
  if (typeof id !== 'string' || !/^[a-v0-9]{5,1024}$/.test(id)) {
    throw badRequest(
      'invalid',
      'Invalid resource id value: event ids use the characters a-v and 0-9 and are 5 to 1024 characters long.',
      'id',
    );
  }
  return id;
}

export function htmlLinkFor(baseUrl: string, calendarId: string, eventId: string): string {
  const eid = Buffer.from(`${eventId} ${calendarId}`, 'utf8').toString('base64url');
  return `${baseUrl}/calendar/event?eid=${eid}`;
}

/** The organizer of events created on a calendar: the calendar itself (its owner's address for a primary). */
export function calendarOrganizer(calendar: CalendarRow): { email: string; displayName?: string } {
  return calendar.is_primary ? { email: calendar.id } : { email: calendar.id, displayName: calendar.summary };
}

/**
 * conferenceData with conferenceDataVersion=1: a createRequest is answered with a new conference
 * (status success); other conference data is copied as given.
 */
export function applyConferenceRequest(
  conferenceData: Record<string, unknown>,
  eventId: string,
): Record<string, unknown> {
  const request = conferenceData.createRequest;
  if (typeof request !== 'object' || request === null || conferenceData.conferenceId !== undefined)
    return conferenceData;
  const { requestId, conferenceSolutionKey } = request as {
    requestId?: unknown;
    conferenceSolutionKey?: { type?: unknown };
  };
  if (typeof requestId !== 'string' || requestId === '') {
    throw badRequest(
      'invalid',
      'Invalid conference create request: requestId is required.',
      'conferenceData.createRequest.requestId',
    );
  }
  const type = conferenceSolutionKey?.type ?? 'hangoutsMeet';
  if (type !== 'hangoutsMeet') {
    throw badRequest(
      'invalid',
      `Invalid conference type value: ${String(type)}.`,
      'conferenceData.createRequest.conferenceSolutionKey.type',
    );
  }
  const code = eventId.replace(/[^a-z]/g, '').padEnd(10, 'x');
  const conferenceId = `${code.slice(0, 3)}-${code.slice(3, 7)}-${code.slice(7, 10)}`;
  return {
    createRequest: { requestId, conferenceSolutionKey: { type }, status: { statusCode: 'success' } },
    conferenceId,
    conferenceSolution: { key: { type }, name: 'Google Meet', iconUri: '' },
    entryPoints: [
      {
        entryPointType: 'video',
        uri: `https://meet.google.com/${conferenceId}`,
        label: `meet.google.com/${conferenceId}`,
      },
    ],
  };
}

/** Stores a new event row, records the change and writes the attendees' copies. */
export function insertEventRow(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  calendar: CalendarRow,
  resource: EventResource,
  timing: EventTiming,
): EventRow {
  const row = storeNewEventRow(r, changes, calendar, resource, timing);
  syncAttendeeCopies(r, changes, calendar, undefined, resource);
  return row;
}

/** Rewrites an existing row with `resource`, records the change and brings the attendees' copies in step. */
export function updateEventRow(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  calendar: CalendarRow,
  row: EventRow,
  resource: EventResource,
  timing: EventTiming,
): EventRow {
  const updated = storeEventRowUpdate(r, changes, calendar, row, resource, timing);
  syncAttendeeCopies(r, changes, calendar, parseResource(row), resource);
  return updated;
}

/** Marks an event cancelled (a deletion); details stay for the organizer's calendar. */
export function cancelEventRow(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  calendar: CalendarRow,
  row: EventRow,
  resource: EventResource,
): EventRow {
  const cancelled: EventResource = { ...resource, status: 'cancelled', updated: isoUtc(changes.nowMs) };
  return updateEventRow(r, changes, calendar, row, cancelled, timingForStored(cancelled, calendar));
}

/** Timing of an already stored resource (it passed validation when written). */
export function timingForStored(resource: EventResource, calendar: CalendarRow): EventTiming {
  return eventTiming(resource, calendar.time_zone);
}

/** Time or place changes are significant: they raise the iCalendar sequence. */
export function nextSequence(previous: EventResource, next: EventFields, requested: number | undefined): number {
  if (requested !== undefined && requested < previous.sequence) {
    throw badRequest(
      'invalidSequenceValue',
      'Invalid sequence value. The specified sequence number is below the current sequence number of the resource.',
      'sequence',
    );
  }
  const significant =
    JSON.stringify(previous.start) !== JSON.stringify(next.start) ||
    JSON.stringify(previous.end) !== JSON.stringify(next.end) ||
    JSON.stringify(previous.recurrence ?? []) !== JSON.stringify(next.recurrence ?? []) ||
    (previous.location ?? '') !== (next.location ?? '');
  const base = Math.max(previous.sequence, requested ?? previous.sequence);
  return significant && (requested === undefined || requested === previous.sequence) ? base + 1 : base;
}

/** Attachments change only for clients that declare support; unchanged ones may be echoed back. */
export function checkAttachmentsWrite(
  fields: EventFields,
  cleared: ReadonlySet<string>,
  previous: EventResource | undefined,
  supportsAttachments: boolean,
): void {
  if (supportsAttachments) return;
  const changing =
    (fields.attachments !== undefined &&
      JSON.stringify(fields.attachments) !== JSON.stringify(previous?.attachments ?? [])) ||
    (cleared.has('attachments') && (previous?.attachments?.length ?? 0) > 0);
  if (changing) {
    throw badRequest(
      'invalid',
      'Adding or changing attachments requires supportsAttachments=true.',
      'supportsAttachments',
    );
  }
}

/** `If-Match` on writes: a stale etag answers 412 and changes nothing. */
export function checkIfMatch(ifMatch: string | string[] | undefined, etag: string): void {
  if (ifMatch === undefined) return;
  const values = (Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch)
    .split(',')
    .map((v) => v.trim().replace(/^W\//, ''));
  if (values.includes('*') || values.includes(etag)) return;
  throw new ApiError(412, 'conditionNotMet', 'Precondition Failed', { location: 'If-Match', locationType: 'header' });
}

/** `If-None-Match` on reads: true when the client's copy is current (answer 304). */
export function matchesIfNoneMatch(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const values = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch)
    .split(',')
    .map((v) => v.trim().replace(/^W\//, ''));
  return values.includes('*') || values.includes(etag);
}
