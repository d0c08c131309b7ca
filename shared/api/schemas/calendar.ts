import { z } from 'zod';
import { lazySchema, once } from './lazy';
import { inner, kind, requestSchema, resourceSchema } from './common';
import { boundedMap, list, text } from './limits';

// Calendar v3 resources (docs/spec/calendar.md §2) with Google's inner shapes.
// Every string and array is bounded; docs/limits.md says which bounds are Google's.

/** Calendar and event titles (chosen here, as Tasks' documented title bound). */
export const maxSummaryLength = 1024;
/** Calendar and event descriptions (chosen here: Google publishes none; integrators report about 8,192). */
export const maxDescriptionLength = 8192;
/** Event and calendar locations (chosen here). */
export const maxLocationLength = 1024;
/** Attendees of one event (chosen here). */
export const maxAttendees = 1000;
/** Lines of an event's recurrence (RRULE, EXRULE, RDATE, EXDATE; chosen here). */
export const maxRecurrenceLines = 100;
/** Reminder overrides of an event, and default reminders of a calendar (Google documents 5). */
export const maxReminderOverrides = 5;
/** Attachments of an event (Google documents 25). */
export const maxAttachments = 25;

/** Extended properties (Google documents these in its extended properties guide). */
export const extendedPropertyBounds = {
  maxEntries: 300,
  maxKeyLength: 44,
  maxValueLength: 1024,
  maxTotalLength: 32 * 1024,
} as const;

/** A small string map of an inner object (gadget preferences, add-on parameters; chosen here). */
const smallMap = lazySchema(() => boundedMap(text(), { maxEntries: 100, maxKeyLength: 1024 }));
/** One map of extended properties; the bounds of both maps together are checked on ExtendedProperties. */
const extendedPropertyMap = lazySchema(() =>
  boundedMap(text(extendedPropertyBounds.maxValueLength), extendedPropertyBounds),
);

export const ACL_ROLES = ['none', 'freeBusyReader', 'reader', 'writer', 'owner'] as const;
export type AclRole = (typeof ACL_ROLES)[number];
/** Effective access role of a user on a calendar (a calendar list entry never says `none`). */
export const ACCESS_ROLES = ['freeBusyReader', 'reader', 'writer', 'owner'] as const;

export const EVENT_STATUSES = ['confirmed', 'tentative', 'cancelled'] as const;
export const EVENT_TRANSPARENCIES = ['opaque', 'transparent'] as const;
export const EVENT_VISIBILITIES = ['default', 'public', 'private', 'confidential'] as const;
export const ATTENDEE_RESPONSES = ['needsAction', 'declined', 'tentative', 'accepted'] as const;
export const REMINDER_METHODS = ['email', 'popup'] as const;

/** Hex color `#rrggbb`. */
const hexColor = lazySchema(() => text().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a color in the form #rrggbb'));

// ---------------------------------------------------------------- ACL

export const AclScope = inner(() => ({
  /** `default` (public), `user`, `group` or `domain`. */
  type: text(),
  /** Email address of a user or group, or a domain name; omitted for `default`. */
  value: text(),
}));
export type AclScope = z.output<typeof AclScope>;

const aclRuleShape = once(() => ({
  etag: text(),
  id: text(),
  kind,
  role: z.enum(ACL_ROLES),
  scope: AclScope,
}));
export const AclRule = resourceSchema(aclRuleShape);
export type AclRule = z.output<typeof AclRule>;
export const AclRuleInput = requestSchema(aclRuleShape);
export type AclRuleInput = z.input<typeof AclRuleInput>;

/** `calendar#acl`: one page of ACL rules. */
export const CalendarAcl = resourceSchema(() => ({
  etag: text(),
  items: list(AclRule),
  kind,
  nextPageToken: text(),
  nextSyncToken: text(),
}));
export type CalendarAcl = z.output<typeof CalendarAcl>;

// ---------------------------------------------------------------- Shared inner shapes

export const EventReminder = inner(() => ({
  method: z.enum(REMINDER_METHODS),
  /** Minutes before the start; Google allows 0 to 40320 (four weeks). */
  minutes: z.number().int().min(0).max(40320),
}));
export type EventReminder = z.output<typeof EventReminder>;

export const ConferenceProperties = inner(() => ({
  /** e.g. `eventHangout`, `eventNamedHangout`, `hangoutsMeet`. */
  allowedConferenceSolutionTypes: list(text()),
}));

export const CalendarNotification = inner(() => ({
  /** Only `email`. */
  method: text(),
  /** `eventCreation`, `eventChange`, `eventCancellation`, `eventResponse`, `agenda`. */
  type: text(),
}));

export const EventLabel = inner(() => ({ backgroundColor: text(), id: text(), name: text() }));

// ---------------------------------------------------------------- Calendar list

const calendarListEntryShape = once(() => ({
  accessRole: z.enum(ACCESS_ROLES),
  autoAcceptInvitations: z.boolean(),
  backgroundColor: hexColor,
  colorId: text(),
  conferenceProperties: ConferenceProperties,
  dataOwner: text(),
  defaultReminders: list(EventReminder, maxReminderOverrides),
  deleted: z.boolean(),
  description: text(maxDescriptionLength),
  etag: text(),
  foregroundColor: hexColor,
  hidden: z.boolean(),
  id: text(),
  kind,
  location: text(maxLocationLength),
  notificationSettings: inner({ notifications: list(CalendarNotification) }),
  primary: z.boolean(),
  selected: z.boolean(),
  summary: text(maxSummaryLength),
  summaryOverride: text(maxSummaryLength),
  timeZone: text(),
}));
export const CalendarListEntry = resourceSchema(calendarListEntryShape);
export type CalendarListEntry = z.output<typeof CalendarListEntry>;
export const CalendarListEntryInput = requestSchema(calendarListEntryShape);
export type CalendarListEntryInput = z.input<typeof CalendarListEntryInput>;

/** `calendar#calendarList`: one page of calendar list entries. */
export const CalendarList = resourceSchema(() => ({
  etag: text(),
  items: list(CalendarListEntry),
  kind,
  nextPageToken: text(),
  nextSyncToken: text(),
}));
export type CalendarList = z.output<typeof CalendarList>;

// ---------------------------------------------------------------- Calendars

const calendarShape = once(() => ({
  autoAcceptInvitations: z.boolean(),
  conferenceProperties: ConferenceProperties,
  dataOwner: text(),
  description: text(maxDescriptionLength),
  etag: text(),
  id: text(),
  kind,
  labelProperties: inner({ eventLabels: list(EventLabel) }),
  location: text(maxLocationLength),
  summary: text(maxSummaryLength),
  timeZone: text(),
}));
/** `calendar#calendar`: a calendar's own metadata. */
export const Calendar = resourceSchema(calendarShape);
export type Calendar = z.output<typeof Calendar>;
export const CalendarInput = requestSchema(calendarShape);
export type CalendarInput = z.input<typeof CalendarInput>;

// ---------------------------------------------------------------- Events

/** Start, end or original start of an event: `date` (all-day, `yyyy-mm-dd`) or `dateTime` (RFC 3339). */
export const EventDateTime = inner(() => ({
  date: text(),
  dateTime: text(),
  /** IANA time zone name; required for recurring events, otherwise the offset in dateTime rules. */
  timeZone: text(),
}));
export type EventDateTime = z.output<typeof EventDateTime>;

/** Creator or organizer of an event. */
export const EventPerson = inner(() => ({
  displayName: text(),
  email: text(),
  /** Profile id, if available. */
  id: text(),
  /** The person is the calendar this copy of the event is on. */
  self: z.boolean(),
}));
export type EventPerson = z.output<typeof EventPerson>;

export const EventAttendee = inner(() => ({
  additionalGuests: z.number().int().min(0),
  asyncOperation: text(),
  comment: text(),
  displayName: text(),
  email: text(),
  id: text(),
  optional: z.boolean(),
  organizer: z.boolean(),
  resource: z.boolean(),
  responseStatus: z.enum(ATTENDEE_RESPONSES),
  self: z.boolean(),
}));
export type EventAttendee = z.output<typeof EventAttendee>;

export const EventAttachment = inner(() => ({
  fileId: text(),
  /** Required when adding an attachment. */
  fileUrl: text(),
  iconLink: text(),
  mimeType: text(),
  title: text(),
}));
export type EventAttachment = z.output<typeof EventAttachment>;

export const EventReminders = inner(() => ({
  overrides: list(EventReminder, maxReminderOverrides),
  useDefault: z.boolean(),
}));
export type EventReminders = z.output<typeof EventReminders>;

const ConferenceSolutionKey = inner(() => ({
  /** `eventHangout`, `eventNamedHangout`, `hangoutsMeet`, `addOn`. */
  type: text(),
}));

export const ConferenceEntryPoint = inner(() => ({
  accessCode: text(),
  entryPointFeatures: list(text()),
  /** `video`, `phone`, `sip`, `more`. */
  entryPointType: text(),
  label: text(),
  meetingCode: text(),
  passcode: text(),
  password: text(),
  pin: text(),
  regionCode: text(),
  uri: text(),
}));

export const ConferenceData = inner(() => ({
  conferenceId: text(),
  conferenceSolution: inner({ iconUri: text(), key: ConferenceSolutionKey, name: text() }),
  createRequest: inner({
    conferenceSolutionKey: ConferenceSolutionKey,
    requestId: text(),
    /** `pending`, `success`, `failure`. */
    status: inner({ statusCode: text() }),
  }),
  entryPoints: list(ConferenceEntryPoint),
  notes: text(),
  parameters: inner({ addOnParameters: inner({ parameters: smallMap }) }),
  signature: text(),
}));
export type ConferenceData = z.output<typeof ConferenceData>;

export const ExtendedProperties = lazySchema(() =>
  inner({
    /** Properties private to this copy of the event. */
    private: extendedPropertyMap,
    /** Properties shared among the attendees' copies. */
    shared: extendedPropertyMap,
  }).superRefine((value, ctx) => {
    // Google's count and size bounds are of the event's properties, private and shared together.
    const entries = [...Object.entries(value.private ?? {}), ...Object.entries(value.shared ?? {})];
    const { maxEntries, maxTotalLength } = extendedPropertyBounds;
    if (entries.length > maxEntries) {
      ctx.addIssue({ code: 'custom', message: `An event holds at most ${maxEntries} extended properties` });
    }
    const total = entries.reduce(
      (sum, [key, item]) => sum + key.length + (typeof item === 'string' ? item.length : 0),
      0,
    );
    if (total > maxTotalLength) {
      ctx.addIssue({
        code: 'custom',
        message: `Extended properties take more than ${maxTotalLength} characters in all`,
      });
    }
  }),
);
export type ExtendedProperties = z.output<typeof ExtendedProperties>;

export const EventGadget = inner(() => ({
  display: text(),
  height: z.number().int(),
  iconLink: text(),
  link: text(),
  preferences: smallMap,
  title: text(),
  type: text(),
  width: z.number().int(),
}));

export const EventSource = inner(() => ({ title: text(), url: text() }));

const autoDecline = () => ({ autoDeclineMode: text(), declineMessage: text() });

const eventShape = once(() => ({
  anyoneCanAddSelf: z.boolean(),
  attachments: list(EventAttachment, maxAttachments),
  attendees: list(EventAttendee, maxAttendees),
  attendeesOmitted: z.boolean(),
  birthdayProperties: inner({ contact: text(), customTypeName: text(), type: text() }),
  callLink: text(),
  colorId: text(),
  conferenceData: ConferenceData,
  created: text(),
  creator: EventPerson,
  /** Metadata of a person-derived event (birthday, anniversary); shape as Google sends it. */
  date: inner({ year: z.number().int(), month: z.number().int(), day: z.number().int() }),
  description: text(maxDescriptionLength),
  end: EventDateTime,
  endTimeUnspecified: z.boolean(),
  etag: text(),
  eventLabelId: text(),
  /** `default`, `birthday`, `focusTime`, `fromGmail`, `outOfOffice`, `workingLocation`. */
  eventType: text(),
  extendedProperties: ExtendedProperties,
  focusTimeProperties: inner({ ...autoDecline(), chatStatus: text() }),
  formattedType: text(),
  gadget: EventGadget,
  guestsCanInviteOthers: z.boolean(),
  guestsCanModify: z.boolean(),
  guestsCanSeeOtherGuests: z.boolean(),
  hangoutLink: text(),
  htmlLink: text(),
  iCalUID: text(),
  id: text(),
  kind,
  location: text(maxLocationLength),
  locked: z.boolean(),
  metadata: inner({ primary: z.boolean(), verified: z.boolean(), source: inner({ type: text(), id: text() }) }),
  organizer: EventPerson,
  originalStartTime: EventDateTime,
  outOfOfficeProperties: inner(autoDecline()),
  privateCopy: z.boolean(),
  recurrence: list(text(), maxRecurrenceLines),
  recurringEventId: text(),
  reminders: EventReminders,
  sequence: z.number().int(),
  source: EventSource,
  start: EventDateTime,
  status: z.enum(EVENT_STATUSES),
  summary: text(maxSummaryLength),
  transparency: z.enum(EVENT_TRANSPARENCIES),
  /** `custom`, or predefined `anniversary` or `other` (person-derived events). */
  type: text(),
  updated: text(),
  visibility: z.enum(EVENT_VISIBILITIES),
  workingLocationProperties: inner({
    customLocation: inner({ label: text() }),
    homeOffice: z.unknown(),
    officeLocation: inner({
      buildingId: text(),
      deskId: text(),
      floorId: text(),
      floorSectionId: text(),
      label: text(),
    }),
    /** `homeOffice`, `officeLocation`, `customLocation`. */
    type: text(),
  }),
}));
/** `calendar#event`. */
export const CalendarEvent = resourceSchema(eventShape);
export type CalendarEvent = z.output<typeof CalendarEvent>;
export const CalendarEventInput = requestSchema(eventShape);
export type CalendarEventInput = z.input<typeof CalendarEventInput>;

/** `calendar#events`: one page of events, with the calendar's own details. */
export const CalendarEvents = resourceSchema(() => ({
  /** The user's access role on the calendar. */
  accessRole: z.enum([...ACCESS_ROLES, 'none']),
  defaultReminders: list(EventReminder),
  description: text(),
  etag: text(),
  items: list(CalendarEvent),
  kind,
  nextPageToken: text(),
  nextSyncToken: text(),
  summary: text(),
  timeZone: text(),
  updated: text(),
}));
export type CalendarEvents = z.output<typeof CalendarEvents>;

// ---------------------------------------------------------------- Colors

export const ColorDefinition = inner(() => ({ background: text(), foreground: text() }));
export type ColorDefinition = z.output<typeof ColorDefinition>;

/** `calendar#colors`: palettes for calendars and events, keyed by colorId. */
export const CalendarColors = resourceSchema(() => ({
  calendar: z.record(text(), ColorDefinition),
  event: z.record(text(), ColorDefinition),
  kind,
  updated: text(),
}));
export type CalendarColors = z.output<typeof CalendarColors>;

// ---------------------------------------------------------------- Settings

/** `calendar#setting`: one user setting, e.g. `{id: 'timezone', value: 'Europe/Paris'}`. */
export const CalendarSetting = resourceSchema(() => ({ etag: text(), id: text(), kind, value: text() }));
export type CalendarSetting = z.output<typeof CalendarSetting>;

/** `calendar#settings`: one page of settings. */
export const CalendarSettings = resourceSchema(() => ({
  etag: text(),
  items: list(CalendarSetting),
  kind,
  nextPageToken: text(),
  nextSyncToken: text(),
}));
export type CalendarSettings = z.output<typeof CalendarSettings>;

// ---------------------------------------------------------------- Free/busy

/** Free/busy query body (spec §2.6); limits from the spec. */
export const FreeBusyRequest = lazySchema(() =>
  z.object({
    calendarExpansionMax: z.number().int().min(1).max(50).optional(),
    groupExpansionMax: z.number().int().min(1).max(100).optional(),
    items: list(z.object({ id: text() })).optional(),
    timeMax: text().optional(),
    timeMin: text().optional(),
    timeZone: text().optional(),
  }),
);
export type FreeBusyRequest = z.input<typeof FreeBusyRequest>;

export const FreeBusyError = inner(() => ({
  domain: text(),
  /** e.g. `notFound`, `groupTooBig`, `tooManyCalendarsRequested`, `internalError`. */
  reason: text(),
}));
export const TimePeriod = inner(() => ({ start: text(), end: text() }));
export type TimePeriod = z.output<typeof TimePeriod>;

/** `calendar#freeBusy`: busy periods per calendar and the expanded members per group. */
export const FreeBusyResponse = resourceSchema(() => ({
  calendars: z.record(text(), inner({ busy: list(TimePeriod), errors: list(FreeBusyError) })),
  groups: z.record(text(), inner({ calendars: list(text()), errors: list(FreeBusyError) })),
  kind,
  timeMax: text(),
  timeMin: text(),
}));
export type FreeBusyResponse = z.output<typeof FreeBusyResponse>;
