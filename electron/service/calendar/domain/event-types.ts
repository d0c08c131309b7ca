/** The event resource as stored and as answered (Google Calendar v3 `calendar#event`). */
export interface EventDateTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

export interface EventPerson {
  id?: string;
  email?: string;
  displayName?: string;
  self?: boolean;
}

export interface EventAttendee extends EventPerson {
  organizer?: boolean;
  resource?: boolean;
  optional?: boolean;
  responseStatus?: string;
  comment?: string;
  additionalGuests?: number;
}

export interface EventReminders {
  useDefault?: boolean;
  overrides?: { method: string; minutes: number }[];
}

export interface EventAttachment {
  fileUrl: string;
  title?: string;
  mimeType?: string;
  iconLink?: string;
  fileId?: string;
}

export interface ExtendedProperties {
  private?: Record<string, string>;
  shared?: Record<string, string>;
}

export interface EventResource {
  kind?: 'calendar#event';
  etag?: string;
  id: string;
  iCalUID: string;
  status: string;
  htmlLink?: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  colorId?: string;
  creator?: EventPerson;
  organizer?: EventPerson;
  start: EventDateTime;
  end: EventDateTime;
  endTimeUnspecified?: boolean;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: EventDateTime;
  transparency?: string;
  visibility?: string;
  sequence: number;
  attendees?: EventAttendee[];
  attendeesOmitted?: boolean;
  extendedProperties?: ExtendedProperties;
  hangoutLink?: string;
  conferenceData?: Record<string, unknown>;
  gadget?: Record<string, unknown>;
  anyoneCanAddSelf?: boolean;
  guestsCanInviteOthers?: boolean;
  guestsCanModify?: boolean;
  guestsCanSeeOtherGuests?: boolean;
  privateCopy?: boolean;
  locked?: boolean;
  reminders?: EventReminders;
  source?: { url: string; title?: string };
  attachments?: EventAttachment[];
  eventType?: string;
  [field: string]: unknown;
}

/** Fields a client may write, in the order they are read. */
export const writableEventFields = [
  'summary',
  'description',
  'location',
  'colorId',
  'status',
  'start',
  'end',
  'endTimeUnspecified',
  'recurrence',
  'originalStartTime',
  'transparency',
  'visibility',
  'sequence',
  'attendees',
  'attendeesOmitted',
  'extendedProperties',
  'conferenceData',
  'gadget',
  'anyoneCanAddSelf',
  'guestsCanInviteOthers',
  'guestsCanModify',
  'guestsCanSeeOtherGuests',
  'privateCopy',
  'reminders',
  'source',
  'attachments',
  'eventType',
  'organizer',
  'workingLocationProperties',
  'outOfOfficeProperties',
  'focusTimeProperties',
  'birthdayProperties',
  'type',
  'date',
  'metadata',
] as const;

export type WritableEventField = (typeof writableEventFields)[number];
