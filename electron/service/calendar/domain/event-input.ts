import { badRequest } from '../../http/api-error';
import { eventColors } from './colors';
import type { EventResource, WritableEventField } from './event-types';
import { writableEventFields } from './event-types';
import { isValidTimeZone, parseDate, parseLocalDateTime, parseRfc3339 } from './time';
import { checkWritableRecurrence, parseRecurrence } from './recurrence';

/**
 * Reads the writable fields of an event body, checking each one's type and range. Nothing is
 * written before this has passed, so a bad body changes nothing. `null` in a body clears a field
 * (patch semantics); read-only fields in the body are ignored, as Google does.
 */
export type EventFields = Partial<Pick<EventResource, WritableEventField>>;

export interface ReadEventOptions {
  supportsAttachments: boolean;
  conferenceDataVersion: number;
  /** Importing may set the organizer; other writes cannot. */
  allowOrganizer: boolean;
}

export interface ReadEventResult {
  fields: EventFields;
  /** Fields the body set to null (to clear on patch). */
  cleared: Set<WritableEventField>;
}

const invalid = (field: string, message?: string) =>
  badRequest('invalid', message ?? `Invalid value for: ${field}`, field);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(v: unknown, field: string): string {
  if (typeof v !== 'string') throw invalid(field, `Invalid value for: ${field} must be a string.`);
  return v;
}

function bool(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') throw invalid(field, `Invalid value for: ${field} must be a boolean.`);
  return v;
}

function int(v: unknown, field: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw invalid(field, `Invalid value for: ${field} must be an integer from ${min} to ${max}.`);
  }
  return v;
}

function oneOf(v: unknown, field: string, allowed: readonly string[]): string {
  if (typeof v !== 'string' || !allowed.includes(v)) {
    throw invalid(field, `Invalid value for: ${field} must be one of ${allowed.join(', ')}.`);
  }
  return v;
}

function stringMap(v: unknown, field: string): Record<string, string> {
  if (!isObject(v)) throw invalid(field, `Invalid value for: ${field} must be an object of strings.`);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(v)) out[key] = str(value, `${field}.${key}`);
  return out;
}

export function readEventDateTime(v: unknown, field: string): { date?: string; dateTime?: string; timeZone?: string } {
  if (!isObject(v)) throw invalid(field, `Invalid value for: ${field} must be an object.`);
  const out: { date?: string; dateTime?: string; timeZone?: string } = {};
  if (v.timeZone !== undefined && v.timeZone !== null) {
    if (!isValidTimeZone(v.timeZone)) throw invalid(`${field}.timeZone`, `Invalid time zone definition for ${field}.`);
    out.timeZone = v.timeZone;
  }
  const hasDate = v.date !== undefined && v.date !== null;
  const hasDateTime = v.dateTime !== undefined && v.dateTime !== null;
  if (hasDate && hasDateTime) throw invalid(field, `Only one of ${field}.date and ${field}.dateTime may be set.`);
  if (!hasDate && !hasDateTime) throw badRequest('required', `Missing ${field} time.`, field);
  if (hasDate) {
    const date = str(v.date, `${field}.date`);
    if (parseDate(date) === undefined)
      throw invalid(`${field}.date`, `Invalid value for: ${field}.date must be YYYY-MM-DD.`);
    out.date = date;
  } else {
    const dateTime = str(v.dateTime, `${field}.dateTime`);
    if (parseRfc3339(dateTime) === undefined) {
      if (parseLocalDateTime(dateTime) === undefined) {
        throw invalid(`${field}.dateTime`, `Invalid value for: ${field}.dateTime must be an RFC 3339 timestamp.`);
      }
      if (!out.timeZone)
        throw badRequest('required', `Missing time zone definition for ${field} time.`, `${field}.timeZone`);
    }
    out.dateTime = dateTime;
  }
  return out;
}

const responseStatuses = ['needsAction', 'declined', 'tentative', 'accepted'];

function readAttendees(v: unknown): NonNullable<EventResource['attendees']> {
  if (!Array.isArray(v)) throw invalid('attendees', 'Invalid value for: attendees must be an array.');
  return v.map((a, i) => {
    const field = `attendees[${i}]`;
    if (!isObject(a)) throw invalid(field);
    if (a.email === undefined || a.email === null || a.email === '') {
      throw badRequest('required', 'Missing attendee email.', `${field}.email`);
    }
    const email = str(a.email, `${field}.email`);
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw invalid(`${field}.email`, `Invalid attendee email: ${email}`);
    const out: NonNullable<EventResource['attendees']>[number] = { email };
    if (a.displayName != null) out.displayName = str(a.displayName, `${field}.displayName`);
    if (a.optional != null) out.optional = bool(a.optional, `${field}.optional`);
    if (a.resource != null) out.resource = bool(a.resource, `${field}.resource`);
    if (a.comment != null) out.comment = str(a.comment, `${field}.comment`);
    if (a.additionalGuests != null)
      out.additionalGuests = int(a.additionalGuests, `${field}.additionalGuests`, 0, 1000);
    out.responseStatus =
      a.responseStatus != null ? oneOf(a.responseStatus, `${field}.responseStatus`, responseStatuses) : 'needsAction';
    return out;
  });
}

function readReminders(v: unknown): NonNullable<EventResource['reminders']> {
  if (!isObject(v)) throw invalid('reminders');
  const out: NonNullable<EventResource['reminders']> = {};
  if (v.useDefault != null) out.useDefault = bool(v.useDefault, 'reminders.useDefault');
  if (v.overrides != null) {
    if (!Array.isArray(v.overrides)) throw invalid('reminders.overrides');
    if (v.overrides.length > 5) throw invalid('reminders.overrides', 'Too many reminder overrides: at most 5.');
    out.overrides = v.overrides.map((o, i) => {
      if (!isObject(o)) throw invalid(`reminders.overrides[${i}]`);
      return {
        method: oneOf(o.method, `reminders.overrides[${i}].method`, ['email', 'popup']),
        minutes: int(o.minutes, `reminders.overrides[${i}].minutes`, 0, 40320),
      };
    });
  }
  if (out.useDefault === true && out.overrides && out.overrides.length > 0) {
    throw badRequest(
      'cannotUseDefaultRemindersAndSpecifyOverride',
      'Cannot specify both default reminders and overrides at the same time.',
      'reminders',
    );
  }
  return out;
}

export const MAX_ATTACHMENTS = 25;

function readAttachments(v: unknown): NonNullable<EventResource['attachments']> {
  if (!Array.isArray(v)) throw invalid('attachments', 'Invalid value for: attachments must be an array.');
  if (v.length > MAX_ATTACHMENTS) {
    throw invalid('attachments', `Too many attachments: an event holds at most ${MAX_ATTACHMENTS}.`);
  }
  return v.map((a, i) => {
    const field = `attachments[${i}]`;
    if (!isObject(a)) throw invalid(field);
    if (a.fileUrl == null || a.fileUrl === '')
      throw badRequest('required', 'Missing attachment fileUrl.', `${field}.fileUrl`);
    const out: NonNullable<EventResource['attachments']>[number] = { fileUrl: str(a.fileUrl, `${field}.fileUrl`) };
    for (const key of ['title', 'mimeType', 'iconLink', 'fileId'] as const) {
      if (a[key] != null) out[key] = str(a[key], `${field}.${key}`);
    }
    return out;
  });
}

function readExtendedProperties(v: unknown): NonNullable<EventResource['extendedProperties']> {
  if (!isObject(v)) throw invalid('extendedProperties');
  const out: NonNullable<EventResource['extendedProperties']> = {};
  if (v.private != null) out.private = stringMap(v.private, 'extendedProperties.private');
  if (v.shared != null) out.shared = stringMap(v.shared, 'extendedProperties.shared');
  return out;
}

function readSource(v: unknown): NonNullable<EventResource['source']> {
  if (!isObject(v)) throw invalid('source');
  const url = str(v.url, 'source.url');
  if (!/^https?:\/\//i.test(url)) throw invalid('source.url', 'Invalid value for: source.url must use http or https.');
  return v.title != null ? { url, title: str(v.title, 'source.title') } : { url };
}

function readPerson(v: unknown, field: string): { email?: string; displayName?: string } {
  if (!isObject(v)) throw invalid(field);
  const out: { email?: string; displayName?: string } = {};
  if (v.email != null) out.email = str(v.email, `${field}.email`);
  if (v.displayName != null) out.displayName = str(v.displayName, `${field}.displayName`);
  return out;
}

function readRecurrence(v: unknown): string[] {
  if (!Array.isArray(v)) throw invalid('recurrence', 'Invalid value for: recurrence must be an array of strings.');
  const lines = v.map((line, i) => str(line, `recurrence[${i}]`));
  checkWritableRecurrence(lines, parseRecurrence(lines)); // throws a 400 on bad lines
  return lines;
}

function opaqueObject(v: unknown, field: string): Record<string, unknown> {
  if (!isObject(v)) throw invalid(field, `Invalid value for: ${field} must be an object.`);
  return v;
}

type FieldReader = (v: unknown, options: ReadEventOptions) => unknown;

const readers: Record<WritableEventField, FieldReader> = {
  summary: (v) => str(v, 'summary'),
  description: (v) => str(v, 'description'),
  location: (v) => str(v, 'location'),
  colorId: (v) => {
    const id = str(v, 'colorId');
    if (!(id in eventColors)) throw invalid('colorId', `Invalid value for: colorId ${id} is not an event color.`);
    return id;
  },
  status: (v) => oneOf(v, 'status', ['confirmed', 'tentative', 'cancelled']),
  start: (v) => readEventDateTime(v, 'start'),
  end: (v) => readEventDateTime(v, 'end'),
  endTimeUnspecified: (v) => bool(v, 'endTimeUnspecified'),
  recurrence: readRecurrence,
  originalStartTime: (v) => readEventDateTime(v, 'originalStartTime'),
  transparency: (v) => oneOf(v, 'transparency', ['opaque', 'transparent']),
  visibility: (v) => oneOf(v, 'visibility', ['default', 'public', 'private', 'confidential']),
  sequence: (v) => int(v, 'sequence', 0, 2 ** 31 - 1),
  attendees: readAttendees,
  attendeesOmitted: (v) => bool(v, 'attendeesOmitted'),
  extendedProperties: readExtendedProperties,
  conferenceData: (v) => opaqueObject(v, 'conferenceData'),
  gadget: (v) => opaqueObject(v, 'gadget'),
  anyoneCanAddSelf: (v) => bool(v, 'anyoneCanAddSelf'),
  guestsCanInviteOthers: (v) => bool(v, 'guestsCanInviteOthers'),
  guestsCanModify: (v) => bool(v, 'guestsCanModify'),
  guestsCanSeeOtherGuests: (v) => bool(v, 'guestsCanSeeOtherGuests'),
  privateCopy: (v) => bool(v, 'privateCopy'),
  reminders: readReminders,
  source: readSource,
  attachments: readAttachments,
  eventType: (v) =>
    oneOf(v, 'eventType', ['default', 'outOfOffice', 'focusTime', 'workingLocation', 'birthday', 'fromGmail']),
  organizer: (v) => readPerson(v, 'organizer'),
  workingLocationProperties: (v) => opaqueObject(v, 'workingLocationProperties'),
  outOfOfficeProperties: (v) => opaqueObject(v, 'outOfOfficeProperties'),
  focusTimeProperties: (v) => opaqueObject(v, 'focusTimeProperties'),
  birthdayProperties: (v) => opaqueObject(v, 'birthdayProperties'),
  type: (v) => oneOf(v, 'type', ['custom', 'anniversary', 'other']),
  date: (v) => opaqueObject(v, 'date'),
  metadata: (v) => opaqueObject(v, 'metadata'),
};

export function readEventBody(body: unknown, options: ReadEventOptions): ReadEventResult {
  if (body === undefined || body === null) return { fields: {}, cleared: new Set() };
  if (!isObject(body)) throw badRequest('invalid', 'The request body must be a JSON object.');
  const fields: Record<string, unknown> = {};
  const cleared = new Set<WritableEventField>();
  for (const name of writableEventFields) {
    if (!(name in body)) continue;
    if (name === 'organizer' && !options.allowOrganizer) continue;
    if (name === 'conferenceData' && options.conferenceDataVersion < 1) continue;
    const value = body[name];
    if (value === null) {
      cleared.add(name);
      continue;
    }
    if (value === undefined) continue;
    fields[name] = readers[name](value, options);
  }
  return { fields: fields as EventFields, cleared };
}
