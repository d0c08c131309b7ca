import type { EventTimes, GoogleEvent } from './event-mapping';
import type { ReminderUnit } from './reminder-units';
import type { QuickAddResult } from './quick-add';
import { checkCustomRecurrence, formatRecurrence, parseRecurrence, type RepeatRule } from './recurrence-rule';
import type { EventFields } from './series-plan';
import { addDaysToDate, dateInZone, instantOfWallTime, isValidTimeZone, parseWallTime, timeInZone } from './time-zone';

/**
 * The event editor's form state and its translation to and from Calendar v3 events. Times are
 * edited as wall-clock dates and times in the event's own zone; an all-day event's end date is
 * shown inclusive (Google stores it exclusive).
 */

export const attendeeResponses = ['needsAction', 'accepted', 'tentative', 'declined'] as const;
export type AttendeeResponse = (typeof attendeeResponses)[number];

export interface AttendeeDraft {
  email: string;
  displayName?: string;
  responseStatus?: AttendeeResponse;
  optional?: boolean;
  organizer?: boolean;
  self?: boolean;
}

export interface ReminderDraft {
  method: 'popup' | 'email';
  minutes: number;
  /** The unit the person gave it in (shown; never sent): by default the largest that fits. */
  unit?: ReminderUnit;
}

export interface AttachmentDraft {
  title: string;
  fileUrl: string;
  mimeType?: string;
  fileId?: string;
  iconLink?: string;
}

export type Visibility = 'default' | 'public' | 'private' | 'confidential';
export type Transparency = 'opaque' | 'transparent';

export interface EventDraft {
  calendarId: string;
  summary: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timeZone: string;
  repeat: RepeatRule;
  location: string;
  /**
   * As stored: plain text, or HTML as Google Calendar's editor writes it (editor/description-format.ts).
   * The editor replaces it only when its text is edited, so a description it opened is written back
   * as it was unless changed.
   */
  description: string;
  attendees: AttendeeDraft[];
  useDefaultReminders: boolean;
  reminders: ReminderDraft[];
  /** '' wears the calendar's color. */
  colorId: string;
  visibility: Visibility;
  transparency: Transparency;
  attachments: AttachmentDraft[];
}

export const maxReminders = 5;

function emptyDraft(
  calendarId: string,
  timeZone: string,
): Omit<EventDraft, 'allDay' | 'startDate' | 'startTime' | 'endDate' | 'endTime'> {
  return {
    calendarId,
    summary: '',
    timeZone,
    repeat: { kind: 'none' },
    location: '',
    description: '',
    attendees: [],
    useDefaultReminders: true,
    reminders: [],
    colorId: '',
    visibility: 'default',
    transparency: 'opaque',
    attachments: [],
  };
}

function timesToFields(
  times: EventTimes,
  zone: string,
): Pick<EventDraft, 'allDay' | 'startDate' | 'startTime' | 'endDate' | 'endTime'> {
  if (times.allDay) {
    return {
      allDay: true,
      startDate: times.startDate,
      startTime: '09:00',
      endDate: addDaysToDate(times.endDate, -1),
      endTime: '10:00',
    };
  }
  return {
    allDay: false,
    startDate: dateInZone(times.startMs, zone),
    startTime: timeInZone(times.startMs, zone),
    endDate: dateInZone(times.endMs, zone),
    endTime: timeInZone(times.endMs, zone),
  };
}

export function draftForNewEvent(times: EventTimes, calendarId: string, displayZone: string): EventDraft {
  const zone = times.allDay ? displayZone : times.timeZone;
  return { ...emptyDraft(calendarId, zone), ...timesToFields(times, zone) };
}

/** A new event read by quick add, in the zone its times were read in. */
export function draftFromQuickAdd(result: QuickAddResult, calendarId: string, zone: string): EventDraft {
  return {
    ...emptyDraft(calendarId, zone),
    summary: result.summary,
    location: result.location,
    allDay: result.allDay,
    startDate: result.startDate,
    startTime: result.startTime,
    endDate: result.endDate,
    endTime: result.endTime,
    repeat: result.repeat,
  };
}

/**
 * The form for a stored event. For an instance of a series, `seriesRecurrence` (the series'
 * rules) fills the repeat field, since instances carry none.
 */
export function draftFromEvent(
  event: GoogleEvent,
  calendarId: string,
  times: EventTimes,
  displayZone: string,
  seriesRecurrence?: readonly string[],
): EventDraft {
  const zone = times.allDay ? (event.start?.timeZone ?? displayZone) : times.timeZone;
  const zoneOk = isValidTimeZone(zone) ? zone : displayZone;
  const anchor = { allDay: times.allDay, timeZone: zoneOk };
  return {
    ...emptyDraft(calendarId, zoneOk),
    ...timesToFields(times, zoneOk),
    summary: event.summary ?? '',
    repeat: parseRecurrence(seriesRecurrence ?? event.recurrence, anchor),
    location: event.location ?? '',
    description: event.description ?? '',
    attendees: (event.attendees ?? []).flatMap((attendee) =>
      attendee.email
        ? [
            {
              email: attendee.email,
              ...(attendee.displayName ? { displayName: attendee.displayName } : {}),
              ...(attendee.responseStatus ? { responseStatus: attendee.responseStatus } : {}),
              ...(attendee.optional ? { optional: true } : {}),
              ...(attendee.organizer ? { organizer: true } : {}),
              ...(attendee.self ? { self: true } : {}),
            },
          ]
        : [],
    ),
    useDefaultReminders: event.reminders?.useDefault !== false,
    reminders: (event.reminders?.overrides ?? []).flatMap((reminder) =>
      reminder.method && typeof reminder.minutes === 'number'
        ? [{ method: reminder.method, minutes: reminder.minutes }]
        : [],
    ),
    colorId: event.colorId ?? '',
    visibility: event.visibility ?? 'default',
    transparency: event.transparency ?? 'opaque',
    attachments: (event.attachments ?? []).flatMap((attachment) =>
      attachment.fileUrl
        ? [
            {
              title: attachment.title ?? attachment.fileUrl,
              fileUrl: attachment.fileUrl,
              ...(attachment.mimeType ? { mimeType: attachment.mimeType } : {}),
              ...(attachment.fileId ? { fileId: attachment.fileId } : {}),
              ...(attachment.iconLink ? { iconLink: attachment.iconLink } : {}),
            },
          ]
        : [],
    ),
  };
}

/** The draft's times, or a readable problem. */
export const endsBeforeStart = 'The event ends before it starts.';

export function timesOfDraft(draft: EventDraft): { times: EventTimes } | { problem: string } {
  if (draft.allDay) {
    if (!parseWallTime(draft.startDate) || !parseWallTime(draft.endDate))
      return { problem: 'Enter a start and end date.' };
    if (draft.endDate < draft.startDate) return { problem: endsBeforeStart };
    return { times: { allDay: true, startDate: draft.startDate, endDate: addDaysToDate(draft.endDate, 1) } };
  }
  if (!isValidTimeZone(draft.timeZone)) return { problem: `“${draft.timeZone}” is not a time zone.` };
  const start = parseWallTime(draft.startDate, draft.startTime);
  const end = parseWallTime(draft.endDate, draft.endTime);
  if (!start || !end) return { problem: 'Enter a start and end date and time.' };
  const startMs = instantOfWallTime(start, draft.timeZone);
  const endMs = instantOfWallTime(end, draft.timeZone);
  if (endMs < startMs) return { problem: endsBeforeStart };
  return { times: { allDay: false, startMs, endMs, timeZone: draft.timeZone } };
}

const emailPattern = /^[^\s@]+@[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** Everything wrong with a draft that would stop a save, as one sentence; null when it can be saved. */
export function problemWithDraft(draft: EventDraft): string | null {
  if (!draft.summary.trim()) return 'Add a title.';
  const times = timesOfDraft(draft);
  if ('problem' in times) return times.problem;
  if (draft.repeat.kind === 'custom') {
    const problem = checkCustomRecurrence(draft.repeat.text);
    if (problem) return problem;
  }
  if (draft.repeat.kind === 'simple') {
    if (draft.repeat.end.type === 'count' && !(draft.repeat.end.count >= 1)) return 'A series repeats at least once.';
    if (draft.repeat.end.type === 'until' && draft.repeat.end.date < draft.startDate)
      return 'The series ends before it starts.';
  }
  const badGuest = draft.attendees.find((attendee) => !isEmailAddress(attendee.email));
  if (badGuest) return `“${badGuest.email}” is not an email address.`;
  if (draft.reminders.length > maxReminders) return `At most ${maxReminders} reminders.`;
  if (
    draft.reminders.some(
      (reminder) => !Number.isInteger(reminder.minutes) || reminder.minutes < 0 || reminder.minutes > 40320,
    )
  ) {
    return 'A reminder can be at most 4 weeks before the start.';
  }
  const badLink = draft.attachments.find((attachment) => !/^https?:\/\/\S+$/i.test(attachment.fileUrl.trim()));
  if (badLink) return `“${badLink.fileUrl}” is not a web address.`;
  return null;
}

export function recurrenceOfDraft(draft: EventDraft): string[] {
  return formatRecurrence(draft.repeat, { allDay: draft.allDay, timeZone: draft.timeZone });
}

type FieldName =
  | 'summary'
  | 'location'
  | 'description'
  | 'attendees'
  | 'reminders'
  | 'colorId'
  | 'visibility'
  | 'transparency'
  | 'attachments';

function fieldValue(draft: EventDraft, field: FieldName): unknown {
  switch (field) {
    case 'summary':
      return draft.summary.trim();
    case 'location':
      return draft.location.trim() || null;
    case 'description':
      return draft.description.trim() || null;
    case 'attendees':
      return draft.attendees.map((attendee) => ({ ...attendee, email: attendee.email.trim() }));
    case 'reminders':
      return draft.useDefaultReminders
        ? { useDefault: true }
        : { useDefault: false, overrides: draft.reminders.map(({ method, minutes }) => ({ method, minutes })) };
    case 'colorId':
      return draft.colorId || null;
    case 'visibility':
      return draft.visibility;
    case 'transparency':
      return draft.transparency;
    case 'attachments':
      return draft.attachments.map((attachment) => ({
        ...attachment,
        fileUrl: attachment.fileUrl.trim(),
        title: attachment.title.trim() || attachment.fileUrl.trim(),
      }));
  }
}

const fieldNames: FieldName[] = [
  'summary',
  'location',
  'description',
  'attendees',
  'reminders',
  'colorId',
  'visibility',
  'transparency',
  'attachments',
];

/** Body fields of a new event: everything set, nothing empty. */
export function fieldsForInsert(draft: EventDraft): EventFields {
  const out: EventFields = {};
  for (const field of fieldNames) {
    const value = fieldValue(draft, field);
    if (value === null || (Array.isArray(value) && value.length === 0)) continue;
    if (field === 'visibility' && value === 'default') continue;
    if (field === 'transparency' && value === 'opaque') continue;
    out[field] = value;
  }
  return out;
}

/** Body fields that differ from what the editor opened with (null clears a field), so a save never overwrites what it did not touch. */
export function changedFields(initial: EventDraft, draft: EventDraft): EventFields {
  const out: EventFields = {};
  for (const field of fieldNames) {
    const before = fieldValue(initial, field);
    const after = fieldValue(draft, field);
    if (JSON.stringify(before) !== JSON.stringify(after)) out[field] = after;
  }
  return out;
}

export function repeatChanged(initial: EventDraft, draft: EventDraft): boolean {
  return JSON.stringify(recurrenceOfDraft(initial)) !== JSON.stringify(recurrenceOfDraft(draft));
}
