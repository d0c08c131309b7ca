import { z } from 'zod';
import { inner, kind, requestSchema, resourceSchema, stringMap } from './common';

// Calendar v3 resources (docs/spec/calendar.md §2) with Google's inner shapes.

export const ACL_ROLES = ['none', 'freeBusyReader', 'reader', 'writer', 'owner'] as const;
export type AclRole = (typeof ACL_ROLES)[number];
/** Effective access role of a user on a calendar (a calendar list entry never says `none`). */
export const ACCESS_ROLES = ['freeBusyReader', 'reader', 'writer', 'owner'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];
export const ACL_SCOPE_TYPES = ['default', 'user', 'group', 'domain'] as const;

export const EVENT_STATUSES = ['confirmed', 'tentative', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_TRANSPARENCIES = ['opaque', 'transparent'] as const;
export const EVENT_VISIBILITIES = ['default', 'public', 'private', 'confidential'] as const;
export const ATTENDEE_RESPONSES = ['needsAction', 'declined', 'tentative', 'accepted'] as const;
export const REMINDER_METHODS = ['email', 'popup'] as const;

/** Hex color `#rrggbb`. */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a color in the form #rrggbb');

// ---------------------------------------------------------------- ACL

export const AclScope = inner({
  /** `default` (public), `user`, `group` or `domain`. */
  type: z.string(),
  /** Email address of a user or group, or a domain name; omitted for `default`. */
  value: z.string(),
});
export type AclScope = z.output<typeof AclScope>;

const aclRuleShape = {
  etag: z.string(),
  id: z.string(),
  kind,
  role: z.enum(ACL_ROLES),
  scope: AclScope,
} as const;
export const AclRule = resourceSchema(aclRuleShape);
export type AclRule = z.output<typeof AclRule>;
export const AclRuleInput = requestSchema(aclRuleShape);
export type AclRuleInput = z.input<typeof AclRuleInput>;

/** `calendar#acl`: one page of ACL rules. */
export const CalendarAcl = resourceSchema({
  etag: z.string(),
  items: z.array(AclRule),
  kind,
  nextPageToken: z.string(),
  nextSyncToken: z.string(),
});
export type CalendarAcl = z.output<typeof CalendarAcl>;

// ---------------------------------------------------------------- Shared inner shapes

export const EventReminder = inner({
  method: z.enum(REMINDER_METHODS),
  /** Minutes before the start; Google allows 0 to 40320 (four weeks). */
  minutes: z.number().int().min(0).max(40320),
});
export type EventReminder = z.output<typeof EventReminder>;

export const ConferenceProperties = inner({
  /** e.g. `eventHangout`, `eventNamedHangout`, `hangoutsMeet`. */
  allowedConferenceSolutionTypes: z.array(z.string()),
});

export const CalendarNotification = inner({
  /** Only `email`. */
  method: z.string(),
  /** `eventCreation`, `eventChange`, `eventCancellation`, `eventResponse`, `agenda`. */
  type: z.string(),
});

export const EventLabel = inner({ backgroundColor: z.string(), id: z.string(), name: z.string() });

// ---------------------------------------------------------------- Calendar list

const calendarListEntryShape = {
  accessRole: z.enum(ACCESS_ROLES),
  autoAcceptInvitations: z.boolean(),
  backgroundColor: hexColor,
  colorId: z.string(),
  conferenceProperties: ConferenceProperties,
  dataOwner: z.string(),
  defaultReminders: z.array(EventReminder),
  deleted: z.boolean(),
  description: z.string(),
  etag: z.string(),
  foregroundColor: hexColor,
  hidden: z.boolean(),
  id: z.string(),
  kind,
  location: z.string(),
  notificationSettings: inner({ notifications: z.array(CalendarNotification) }),
  primary: z.boolean(),
  selected: z.boolean(),
  summary: z.string(),
  summaryOverride: z.string(),
  timeZone: z.string(),
} as const;
export const CalendarListEntry = resourceSchema(calendarListEntryShape);
export type CalendarListEntry = z.output<typeof CalendarListEntry>;
export const CalendarListEntryInput = requestSchema(calendarListEntryShape);
export type CalendarListEntryInput = z.input<typeof CalendarListEntryInput>;

/** `calendar#calendarList`: one page of calendar list entries. */
export const CalendarList = resourceSchema({
  etag: z.string(),
  items: z.array(CalendarListEntry),
  kind,
  nextPageToken: z.string(),
  nextSyncToken: z.string(),
});
export type CalendarList = z.output<typeof CalendarList>;

// ---------------------------------------------------------------- Calendars

const calendarShape = {
  autoAcceptInvitations: z.boolean(),
  conferenceProperties: ConferenceProperties,
  dataOwner: z.string(),
  description: z.string(),
  etag: z.string(),
  id: z.string(),
  kind,
  labelProperties: inner({ eventLabels: z.array(EventLabel) }),
  location: z.string(),
  summary: z.string(),
  timeZone: z.string(),
} as const;
/** `calendar#calendar`: a calendar's own metadata. */
export const Calendar = resourceSchema(calendarShape);
export type Calendar = z.output<typeof Calendar>;
export const CalendarInput = requestSchema(calendarShape);
export type CalendarInput = z.input<typeof CalendarInput>;

// ---------------------------------------------------------------- Events

/** Start, end or original start of an event: `date` (all-day, `yyyy-mm-dd`) or `dateTime` (RFC 3339). */
export const EventDateTime = inner({
  date: z.string(),
  dateTime: z.string(),
  /** IANA time zone name; required for recurring events, otherwise the offset in dateTime rules. */
  timeZone: z.string(),
});
export type EventDateTime = z.output<typeof EventDateTime>;

/** Creator or organizer of an event. */
export const EventPerson = inner({
  displayName: z.string(),
  email: z.string(),
  /** Profile id, if available. */
  id: z.string(),
  /** The person is the calendar this copy of the event is on. */
  self: z.boolean(),
});
export type EventPerson = z.output<typeof EventPerson>;

export const EventAttendee = inner({
  additionalGuests: z.number().int().min(0),
  asyncOperation: z.string(),
  comment: z.string(),
  displayName: z.string(),
  email: z.string(),
  id: z.string(),
  optional: z.boolean(),
  organizer: z.boolean(),
  resource: z.boolean(),
  responseStatus: z.enum(ATTENDEE_RESPONSES),
  self: z.boolean(),
});
export type EventAttendee = z.output<typeof EventAttendee>;

export const EventAttachment = inner({
  fileId: z.string(),
  /** Required when adding an attachment. */
  fileUrl: z.string(),
  iconLink: z.string(),
  mimeType: z.string(),
  title: z.string(),
});
export type EventAttachment = z.output<typeof EventAttachment>;

export const EventReminders = inner({
  overrides: z.array(EventReminder).max(5),
  useDefault: z.boolean(),
});
export type EventReminders = z.output<typeof EventReminders>;

const ConferenceSolutionKey = inner({
  /** `eventHangout`, `eventNamedHangout`, `hangoutsMeet`, `addOn`. */
  type: z.string(),
});

export const ConferenceEntryPoint = inner({
  accessCode: z.string(),
  entryPointFeatures: z.array(z.string()),
  /** `video`, `phone`, `sip`, `more`. */
  entryPointType: z.string(),
  label: z.string(),
  meetingCode: z.string(),
  passcode: z.string(),
  password: z.string(),
  pin: z.string(),
  regionCode: z.string(),
  uri: z.string(),
});

export const ConferenceData = inner({
  conferenceId: z.string(),
  conferenceSolution: inner({ iconUri: z.string(), key: ConferenceSolutionKey, name: z.string() }),
  createRequest: inner({
    conferenceSolutionKey: ConferenceSolutionKey,
    requestId: z.string(),
    /** `pending`, `success`, `failure`. */
    status: inner({ statusCode: z.string() }),
  }),
  entryPoints: z.array(ConferenceEntryPoint),
  notes: z.string(),
  parameters: inner({ addOnParameters: inner({ parameters: stringMap }) }),
  signature: z.string(),
});
export type ConferenceData = z.output<typeof ConferenceData>;

export const ExtendedProperties = inner({
  /** Properties private to this copy of the event. */
  private: stringMap,
  /** Properties shared among the attendees' copies. */
  shared: stringMap,
});
export type ExtendedProperties = z.output<typeof ExtendedProperties>;

export const EventGadget = inner({
  display: z.string(),
  height: z.number().int(),
  iconLink: z.string(),
  link: z.string(),
  preferences: stringMap,
  title: z.string(),
  type: z.string(),
  width: z.number().int(),
});

export const EventSource = inner({ title: z.string(), url: z.string() });

const autoDecline = { autoDeclineMode: z.string(), declineMessage: z.string() } as const;

const eventShape = {
  anyoneCanAddSelf: z.boolean(),
  attachments: z.array(EventAttachment).max(25),
  attendees: z.array(EventAttendee),
  attendeesOmitted: z.boolean(),
  birthdayProperties: inner({ contact: z.string(), customTypeName: z.string(), type: z.string() }),
  callLink: z.string(),
  colorId: z.string(),
  conferenceData: ConferenceData,
  created: z.string(),
  creator: EventPerson,
  /** Metadata of a person-derived event (birthday, anniversary); shape as Google sends it. */
  date: inner({ year: z.number().int(), month: z.number().int(), day: z.number().int() }),
  description: z.string(),
  end: EventDateTime,
  endTimeUnspecified: z.boolean(),
  etag: z.string(),
  eventLabelId: z.string(),
  /** `default`, `birthday`, `focusTime`, `fromGmail`, `outOfOffice`, `workingLocation`. */
  eventType: z.string(),
  extendedProperties: ExtendedProperties,
  focusTimeProperties: inner({ ...autoDecline, chatStatus: z.string() }),
  formattedType: z.string(),
  gadget: EventGadget,
  guestsCanInviteOthers: z.boolean(),
  guestsCanModify: z.boolean(),
  guestsCanSeeOtherGuests: z.boolean(),
  hangoutLink: z.string(),
  htmlLink: z.string(),
  iCalUID: z.string(),
  id: z.string(),
  kind,
  location: z.string(),
  locked: z.boolean(),
  metadata: inner({ primary: z.boolean(), verified: z.boolean(), source: inner({ type: z.string(), id: z.string() }) }),
  organizer: EventPerson,
  originalStartTime: EventDateTime,
  outOfOfficeProperties: inner(autoDecline),
  privateCopy: z.boolean(),
  recurrence: z.array(z.string()),
  recurringEventId: z.string(),
  reminders: EventReminders,
  sequence: z.number().int(),
  source: EventSource,
  start: EventDateTime,
  status: z.enum(EVENT_STATUSES),
  summary: z.string(),
  transparency: z.enum(EVENT_TRANSPARENCIES),
  /** `custom`, or predefined `anniversary` or `other` (person-derived events). */
  type: z.string(),
  updated: z.string(),
  visibility: z.enum(EVENT_VISIBILITIES),
  workingLocationProperties: inner({
    customLocation: inner({ label: z.string() }),
    homeOffice: z.unknown(),
    officeLocation: inner({
      buildingId: z.string(),
      deskId: z.string(),
      floorId: z.string(),
      floorSectionId: z.string(),
      label: z.string(),
    }),
    /** `homeOffice`, `officeLocation`, `customLocation`. */
    type: z.string(),
  }),
} as const;
/** `calendar#event`. */
export const CalendarEvent = resourceSchema(eventShape);
export type CalendarEvent = z.output<typeof CalendarEvent>;
export const CalendarEventInput = requestSchema(eventShape);
export type CalendarEventInput = z.input<typeof CalendarEventInput>;

/** `calendar#events`: one page of events, with the calendar's own details. */
export const CalendarEvents = resourceSchema({
  /** The user's access role on the calendar. */
  accessRole: z.enum([...ACCESS_ROLES, 'none']),
  defaultReminders: z.array(EventReminder),
  description: z.string(),
  etag: z.string(),
  items: z.array(CalendarEvent),
  kind,
  nextPageToken: z.string(),
  nextSyncToken: z.string(),
  summary: z.string(),
  timeZone: z.string(),
  updated: z.string(),
});
export type CalendarEvents = z.output<typeof CalendarEvents>;

// ---------------------------------------------------------------- Colors

export const ColorDefinition = inner({ background: z.string(), foreground: z.string() });
export type ColorDefinition = z.output<typeof ColorDefinition>;

/** `calendar#colors`: palettes for calendars and events, keyed by colorId. */
export const CalendarColors = resourceSchema({
  calendar: z.record(z.string(), ColorDefinition),
  event: z.record(z.string(), ColorDefinition),
  kind,
  updated: z.string(),
});
export type CalendarColors = z.output<typeof CalendarColors>;

// ---------------------------------------------------------------- Settings

/** `calendar#setting`: one user setting, e.g. `{id: 'timezone', value: 'Europe/Paris'}`. */
export const CalendarSetting = resourceSchema({ etag: z.string(), id: z.string(), kind, value: z.string() });
export type CalendarSetting = z.output<typeof CalendarSetting>;

/** `calendar#settings`: one page of settings. */
export const CalendarSettings = resourceSchema({
  etag: z.string(),
  items: z.array(CalendarSetting),
  kind,
  nextPageToken: z.string(),
  nextSyncToken: z.string(),
});
export type CalendarSettings = z.output<typeof CalendarSettings>;

// ---------------------------------------------------------------- Free/busy

/** Free/busy query body (spec §2.6); limits from the spec. */
export const FreeBusyRequest = z.object({
  calendarExpansionMax: z.number().int().min(1).max(50).optional(),
  groupExpansionMax: z.number().int().min(1).max(100).optional(),
  items: z.array(z.object({ id: z.string() })).optional(),
  timeMax: z.string().optional(),
  timeMin: z.string().optional(),
  timeZone: z.string().optional(),
});
export type FreeBusyRequest = z.input<typeof FreeBusyRequest>;

export const FreeBusyError = inner({
  domain: z.string(),
  /** e.g. `notFound`, `groupTooBig`, `tooManyCalendarsRequested`, `internalError`. */
  reason: z.string(),
});
export const TimePeriod = inner({ start: z.string(), end: z.string() });
export type TimePeriod = z.output<typeof TimePeriod>;

/** `calendar#freeBusy`: busy periods per calendar and the expanded members per group. */
export const FreeBusyResponse = resourceSchema({
  calendars: z.record(z.string(), inner({ busy: z.array(TimePeriod), errors: z.array(FreeBusyError) })),
  groups: z.record(z.string(), inner({ calendars: z.array(z.string()), errors: z.array(FreeBusyError) })),
  kind,
  timeMax: z.string(),
  timeMin: z.string(),
});
export type FreeBusyResponse = z.output<typeof FreeBusyResponse>;
