import { defineOperation } from '../operation';
import { Channel, ChannelInput } from '../schemas/common';
import {
  AclRule,
  AclRuleInput,
  Calendar,
  CalendarAcl,
  CalendarColors,
  CalendarEvent,
  CalendarEventInput,
  CalendarEvents,
  CalendarInput,
  CalendarList,
  CalendarListEntry,
  CalendarListEntryInput,
  CalendarSetting,
  CalendarSettings,
  FreeBusyRequest,
  FreeBusyResponse,
} from '../schemas/calendar';

// Parameters shared by several Calendar operations. Limits follow docs/spec/calendar.md.

const calendarId = {
  type: 'string',
  in: 'path',
  required: true,
  description: 'Calendar identifier, or `primary` for the primary calendar of the authenticated user.',
} as const;
const ruleId = { type: 'string', in: 'path', required: true, description: 'ACL rule identifier.' } as const;
const eventId = { type: 'string', in: 'path', required: true, description: 'Event identifier.' } as const;

const pageToken = {
  type: 'string',
  in: 'query',
  description: 'Token specifying which result page to return.',
} as const;
const syncToken = {
  type: 'string',
  in: 'query',
  description: 'nextSyncToken of the last page of a previous list; returns only entries changed since.',
} as const;
const smallPageSize = {
  type: 'integer',
  in: 'query',
  default: 100,
  minimum: 1,
  maximum: 250,
  description: 'Maximum number of entries returned on one result page.',
} as const;
const eventPageSize = {
  type: 'integer',
  in: 'query',
  default: 250,
  minimum: 1,
  maximum: 2500,
  description: 'Maximum number of events returned on one result page.',
} as const;

const aclListParams = {
  maxResults: smallPageSize,
  pageToken,
  showDeleted: {
    type: 'boolean',
    in: 'query',
    default: false,
    description: 'Include deleted ACLs (role `none`); always included when syncToken is given.',
  },
  syncToken,
} as const;

const calendarListParams = {
  maxResults: smallPageSize,
  minAccessRole: {
    type: 'string',
    in: 'query',
    enum: ['freeBusyReader', 'owner', 'reader', 'writer'],
    description: 'Minimum access role of the user in the returned entries; default no restriction.',
  },
  pageToken,
  showDeleted: { type: 'boolean', in: 'query', default: false, description: 'Include deleted entries.' },
  showHidden: { type: 'boolean', in: 'query', default: false, description: 'Include hidden entries.' },
  showOwnOrganizationOnly: {
    type: 'boolean',
    in: 'query',
    default: false,
    description: 'Only entries for calendars of the organization (Workspace accounts).',
  },
  syncToken,
} as const;

const colorRgbFormat = {
  type: 'boolean',
  in: 'query',
  default: false,
  description: 'Write colors through foregroundColor/backgroundColor; colorId is then set to the best match.',
} as const;

const alwaysIncludeEmail = {
  type: 'boolean',
  in: 'query',
  default: false,
  deprecated: true,
  description: 'Always put a value in email of organizer, creator and attendees, even a generated one.',
} as const;
const maxAttendees = {
  type: 'integer',
  in: 'query',
  minimum: 1,
  description: 'Maximum attendees in the response; if there are more, only the participant is returned.',
} as const;
const timeZone = {
  type: 'string',
  in: 'query',
  description: 'Time zone of the response; default the time zone of the calendar.',
} as const;
const conferenceDataVersion = {
  type: 'integer',
  in: 'query',
  default: 0,
  minimum: 0,
  maximum: 1,
  description: '0: conference data ignored; 1: conference data copied and created through createRequest.',
} as const;
const eventLabelVersion = {
  type: 'integer',
  in: 'query',
  default: 0,
  minimum: 0,
  maximum: 1,
  description: 'Version of the event label feature supported by the client.',
} as const;
const supportsAttachments = {
  type: 'boolean',
  in: 'query',
  default: false,
  description: 'The client supports event attachments.',
} as const;
const sendNotifications = {
  type: 'boolean',
  in: 'query',
  default: false,
  deprecated: true,
  description: 'Deprecated, use sendUpdates: whether to notify guests.',
} as const;
const sendUpdates = {
  type: 'string',
  in: 'query',
  enum: ['all', 'externalOnly', 'none'],
  description: 'Which guests receive notifications about the change.',
} as const;
const sendAclNotifications = {
  type: 'boolean',
  in: 'query',
  default: true,
  description: 'Notify about the sharing change (never sent on access removal).',
} as const;

const timeBound = (description: string) => ({ type: 'string', in: 'query', format: 'date-time', description }) as const;

const eventListParams = {
  alwaysIncludeEmail,
  calendarId,
  eventTypes: {
    type: 'string',
    in: 'query',
    repeated: true,
    enum: ['birthday', 'default', 'focusTime', 'fromGmail', 'outOfOffice', 'workingLocation'],
    description: 'Event types to return; repeatable; default all types.',
  },
  iCalUID: { type: 'string', in: 'query', description: 'Return events with this iCalendar id.' },
  maxAttendees,
  maxResults: eventPageSize,
  orderBy: {
    type: 'string',
    in: 'query',
    enum: ['startTime', 'updated'],
    description: 'Order of the events; default an unspecified, stable order. startTime needs singleEvents=true.',
  },
  pageToken,
  privateExtendedProperty: {
    type: 'string',
    in: 'query',
    repeated: true,
    description: '`propertyName=value` on private extended properties; repeatable, all must match.',
  },
  q: { type: 'string', in: 'query', description: 'Free text search over all fields except extended properties.' },
  sharedExtendedProperty: {
    type: 'string',
    in: 'query',
    repeated: true,
    description: '`propertyName=value` on shared extended properties; repeatable, all must match.',
  },
  showDeleted: { type: 'boolean', in: 'query', default: false, description: 'Include cancelled events.' },
  showHiddenInvitations: { type: 'boolean', in: 'query', default: false, description: 'Include hidden invitations.' },
  singleEvents: {
    type: 'boolean',
    in: 'query',
    default: false,
    description: 'Expand recurring events into instances and omit the recurring events themselves.',
  },
  syncToken,
  timeMax: timeBound("Exclusive upper bound for an event's start time."),
  timeMin: timeBound("Exclusive lower bound for an event's end time."),
  timeZone,
  updatedMin: timeBound("Lower bound for an event's last modification time."),
} as const;

const eventWriteParams = {
  alwaysIncludeEmail,
  calendarId,
  conferenceDataVersion,
  eventId,
  eventLabelVersion,
  maxAttendees,
  sendNotifications,
  sendUpdates,
  supportsAttachments,
} as const;

const settingsListParams = { maxResults: smallPageSize, pageToken, syncToken } as const;

export const calendarOperations = {
  // ACL
  CalendarAclGet: defineOperation({
    name: 'CalendarAclGet',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/calendars/{calendarId}/acl/{ruleId}',
    params: { calendarId, ruleId },
    request: null,
    response: AclRule,
  }),
  CalendarAclList: defineOperation({
    name: 'CalendarAclList',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/calendars/{calendarId}/acl',
    params: { calendarId, ...aclListParams },
    request: null,
    response: CalendarAcl,
  }),
  CalendarAclInsert: defineOperation({
    name: 'CalendarAclInsert',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/calendars/{calendarId}/acl',
    params: { calendarId, sendNotifications: sendAclNotifications },
    request: AclRuleInput,
    response: AclRule,
  }),
  CalendarAclWatch: defineOperation({
    name: 'CalendarAclWatch',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/calendars/{calendarId}/acl/watch',
    params: { calendarId, ...aclListParams },
    request: ChannelInput,
    response: Channel,
  }),
  CalendarAclUpdate: defineOperation({
    name: 'CalendarAclUpdate',
    area: 'calendar',
    method: 'PUT',
    path: '/calendar/v3/calendars/{calendarId}/acl/{ruleId}',
    params: { calendarId, ruleId, sendNotifications: sendAclNotifications },
    request: AclRuleInput,
    response: AclRule,
  }),
  CalendarAclPatch: defineOperation({
    name: 'CalendarAclPatch',
    area: 'calendar',
    method: 'PATCH',
    path: '/calendar/v3/calendars/{calendarId}/acl/{ruleId}',
    params: { calendarId, ruleId, sendNotifications: sendAclNotifications },
    request: AclRuleInput,
    response: AclRule,
    patch: true,
  }),
  CalendarAclDelete: defineOperation({
    name: 'CalendarAclDelete',
    area: 'calendar',
    method: 'DELETE',
    path: '/calendar/v3/calendars/{calendarId}/acl/{ruleId}',
    params: { calendarId, ruleId },
    request: null,
    response: null,
  }),

  // Calendar list
  CalendarCalendarListGet: defineOperation({
    name: 'CalendarCalendarListGet',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/users/me/calendarList/{calendarId}',
    params: { calendarId },
    request: null,
    response: CalendarListEntry,
  }),
  CalendarCalendarListList: defineOperation({
    name: 'CalendarCalendarListList',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/users/me/calendarList',
    params: calendarListParams,
    request: null,
    response: CalendarList,
  }),
  CalendarCalendarListInsert: defineOperation({
    name: 'CalendarCalendarListInsert',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/users/me/calendarList',
    params: { colorRgbFormat },
    request: CalendarListEntryInput,
    response: CalendarListEntry,
  }),
  CalendarCalendarListWatch: defineOperation({
    name: 'CalendarCalendarListWatch',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/users/me/calendarList/watch',
    params: calendarListParams,
    request: ChannelInput,
    response: Channel,
  }),
  CalendarCalendarListUpdate: defineOperation({
    name: 'CalendarCalendarListUpdate',
    area: 'calendar',
    method: 'PUT',
    path: '/calendar/v3/users/me/calendarList/{calendarId}',
    params: { calendarId, colorRgbFormat },
    request: CalendarListEntryInput,
    response: CalendarListEntry,
  }),
  CalendarCalendarListPatch: defineOperation({
    name: 'CalendarCalendarListPatch',
    area: 'calendar',
    method: 'PATCH',
    path: '/calendar/v3/users/me/calendarList/{calendarId}',
    params: { calendarId, colorRgbFormat },
    request: CalendarListEntryInput,
    response: CalendarListEntry,
    patch: true,
  }),
  CalendarCalendarListDelete: defineOperation({
    name: 'CalendarCalendarListDelete',
    area: 'calendar',
    method: 'DELETE',
    path: '/calendar/v3/users/me/calendarList/{calendarId}',
    params: { calendarId },
    request: null,
    response: null,
  }),

  // Calendars
  CalendarCalendarsGet: defineOperation({
    name: 'CalendarCalendarsGet',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/calendars/{calendarId}',
    params: { calendarId },
    request: null,
    response: Calendar,
  }),
  CalendarCalendarsClear: defineOperation({
    name: 'CalendarCalendarsClear',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/calendars/{calendarId}/clear',
    params: { calendarId },
    request: null,
    response: null,
  }),
  CalendarCalendarsInsert: defineOperation({
    name: 'CalendarCalendarsInsert',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/calendars',
    params: {},
    request: CalendarInput,
    response: Calendar,
  }),
  CalendarCalendarsUpdate: defineOperation({
    name: 'CalendarCalendarsUpdate',
    area: 'calendar',
    method: 'PUT',
    path: '/calendar/v3/calendars/{calendarId}',
    params: { calendarId },
    request: CalendarInput,
    response: Calendar,
  }),
  CalendarCalendarsPatch: defineOperation({
    name: 'CalendarCalendarsPatch',
    area: 'calendar',
    method: 'PATCH',
    path: '/calendar/v3/calendars/{calendarId}',
    params: { calendarId },
    request: CalendarInput,
    response: Calendar,
    patch: true,
  }),
  CalendarCalendarsDelete: defineOperation({
    name: 'CalendarCalendarsDelete',
    area: 'calendar',
    method: 'DELETE',
    path: '/calendar/v3/calendars/{calendarId}',
    params: { calendarId },
    request: null,
    response: null,
  }),

  // Channels, colors
  CalendarChannelsStop: defineOperation({
    name: 'CalendarChannelsStop',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/channels/stop',
    params: {},
    request: ChannelInput,
    response: null,
  }),
  CalendarColorsGet: defineOperation({
    name: 'CalendarColorsGet',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/colors',
    params: {},
    request: null,
    response: CalendarColors,
  }),

  // Events
  CalendarEventsGet: defineOperation({
    name: 'CalendarEventsGet',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/calendars/{calendarId}/events/{eventId}',
    params: { alwaysIncludeEmail, calendarId, eventId, maxAttendees, timeZone },
    request: null,
    response: CalendarEvent,
  }),
  CalendarEventsInstances: defineOperation({
    name: 'CalendarEventsInstances',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/calendars/{calendarId}/events/{eventId}/instances',
    params: {
      alwaysIncludeEmail,
      calendarId,
      eventId: { ...eventId, description: 'Recurring event identifier.' },
      maxAttendees,
      maxResults: eventPageSize,
      originalStart: { type: 'string', in: 'query', description: 'Original start time of the instance to return.' },
      pageToken,
      showDeleted: {
        type: 'boolean',
        in: 'query',
        default: false,
        description: 'Include cancelled instances.',
      },
      timeMax: timeBound("Exclusive upper bound for an instance's start time."),
      timeMin: timeBound("Inclusive lower bound for an instance's end time."),
      timeZone,
    },
    request: null,
    response: CalendarEvents,
  }),
  CalendarEventsList: defineOperation({
    name: 'CalendarEventsList',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/calendars/{calendarId}/events',
    params: eventListParams,
    request: null,
    response: CalendarEvents,
  }),
  CalendarEventsImport: defineOperation({
    name: 'CalendarEventsImport',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/calendars/{calendarId}/events/import',
    params: { calendarId, conferenceDataVersion, eventLabelVersion, supportsAttachments },
    request: CalendarEventInput,
    response: CalendarEvent,
  }),
  CalendarEventsInsert: defineOperation({
    name: 'CalendarEventsInsert',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/calendars/{calendarId}/events',
    params: {
      calendarId,
      conferenceDataVersion,
      eventLabelVersion,
      maxAttendees,
      sendNotifications,
      sendUpdates,
      supportsAttachments,
    },
    request: CalendarEventInput,
    response: CalendarEvent,
  }),
  CalendarEventsMove: defineOperation({
    name: 'CalendarEventsMove',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/calendars/{calendarId}/events/{eventId}/move',
    params: {
      calendarId: { ...calendarId, description: 'Calendar the event is currently on.' },
      destination: { type: 'string', in: 'query', required: true, description: 'Calendar the event moves to.' },
      eventId,
      sendNotifications,
      sendUpdates,
    },
    request: null,
    response: CalendarEvent,
  }),
  CalendarEventsQuickAdd: defineOperation({
    name: 'CalendarEventsQuickAdd',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/calendars/{calendarId}/events/quickAdd',
    params: {
      calendarId,
      sendNotifications,
      sendUpdates,
      text: { type: 'string', in: 'query', required: true, description: 'Text describing the event to create.' },
    },
    request: null,
    response: CalendarEvent,
  }),
  CalendarEventsWatch: defineOperation({
    name: 'CalendarEventsWatch',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/calendars/{calendarId}/events/watch',
    params: eventListParams,
    request: ChannelInput,
    response: Channel,
  }),
  CalendarEventsUpdate: defineOperation({
    name: 'CalendarEventsUpdate',
    area: 'calendar',
    method: 'PUT',
    path: '/calendar/v3/calendars/{calendarId}/events/{eventId}',
    params: eventWriteParams,
    request: CalendarEventInput,
    response: CalendarEvent,
  }),
  CalendarEventsPatch: defineOperation({
    name: 'CalendarEventsPatch',
    area: 'calendar',
    method: 'PATCH',
    path: '/calendar/v3/calendars/{calendarId}/events/{eventId}',
    params: eventWriteParams,
    request: CalendarEventInput,
    response: CalendarEvent,
    patch: true,
  }),
  CalendarEventsDelete: defineOperation({
    name: 'CalendarEventsDelete',
    area: 'calendar',
    method: 'DELETE',
    path: '/calendar/v3/calendars/{calendarId}/events/{eventId}',
    params: { calendarId, eventId, sendNotifications, sendUpdates },
    request: null,
    response: null,
  }),

  // Free/busy and settings
  CalendarFreebusyQuery: defineOperation({
    name: 'CalendarFreebusyQuery',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/freeBusy',
    params: {},
    request: FreeBusyRequest,
    response: FreeBusyResponse,
  }),
  CalendarSettingsGet: defineOperation({
    name: 'CalendarSettingsGet',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/users/me/settings/{setting}',
    params: { setting: { type: 'string', in: 'path', required: true, description: 'Id of the user setting.' } },
    request: null,
    response: CalendarSetting,
  }),
  CalendarSettingsList: defineOperation({
    name: 'CalendarSettingsList',
    area: 'calendar',
    method: 'GET',
    path: '/calendar/v3/users/me/settings',
    params: settingsListParams,
    request: null,
    response: CalendarSettings,
  }),
  CalendarSettingsWatch: defineOperation({
    name: 'CalendarSettingsWatch',
    area: 'calendar',
    method: 'POST',
    path: '/calendar/v3/users/me/settings/watch',
    params: settingsListParams,
    request: ChannelInput,
    response: Channel,
  }),
} as const;
