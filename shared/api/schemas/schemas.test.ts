import { describe, expect, expectTypeOf, it } from 'vitest';
import { operationList, type BodyFor, type ResultFor } from '../registry';
import {
  AclRuleInput,
  CalendarEvent,
  CalendarEventInput,
  CalendarEvents,
  FreeBusyRequest,
  FreeBusyResponse,
} from './calendar';
import { Channel, ChannelInput } from './common';
import { DriveChangeList, DriveFile, DriveFileInput, DrivePermissionInput, SharedDriveInput } from './drive';
import { Task, TaskInput } from './tasks';

/** An event as Google's Calendar API answers it, including a field this code does not know. */
const googleEvent = {
  kind: 'calendar#event',
  etag: '"3181161784712000"',
  id: '4eahs9ghkhrvkld72hogu9ph3e_20240604T090000Z',
  status: 'confirmed',
  htmlLink: 'https://www.google.com/calendar/event?eid=NGVhaHM5',
  created: '2024-05-30T10:00:00.000Z',
  updated: '2024-05-30T10:01:52.356Z',
  summary: 'Stand-up',
  creator: { email: 'me@atrium.local', self: true },
  organizer: { email: 'me@atrium.local', self: true },
  start: { dateTime: '2024-06-04T11:00:00+02:00', timeZone: 'Europe/Paris' },
  end: { dateTime: '2024-06-04T11:15:00+02:00', timeZone: 'Europe/Paris' },
  recurringEventId: '4eahs9ghkhrvkld72hogu9ph3e',
  originalStartTime: { dateTime: '2024-06-04T11:00:00+02:00', timeZone: 'Europe/Paris' },
  iCalUID: '4eahs9ghkhrvkld72hogu9ph3e@google.com',
  sequence: 0,
  attendees: [
    { email: 'me@atrium.local', organizer: true, self: true, responseStatus: 'accepted' },
    { email: 'bob@atrium.local', responseStatus: 'needsAction', optional: true },
  ],
  reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 10 }] },
  extendedProperties: { private: { board: 'a' }, shared: { room: '4' } },
  conferenceData: {
    conferenceId: 'abc-defg-hij',
    conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet', iconUri: 'https://x/y.png' },
    entryPoints: [
      { entryPointType: 'video', uri: 'https://meet.google.com/abc-defg-hij', label: 'meet.google.com/abc-defg-hij' },
    ],
    signature: 'sig',
  },
  eventType: 'default',
  someFutureField: { nested: true },
};

describe('resource schemas', () => {
  it('parse a real Google event and keep fields they do not list', () => {
    const event = CalendarEvent.parse(googleEvent);
    expect(event.start?.dateTime).toBe('2024-06-04T11:00:00+02:00');
    expect(event.attendees?.[1]?.optional).toBe(true);
    expect(event.someFutureField).toEqual({ nested: true });
    const page = CalendarEvents.parse({
      kind: 'calendar#events',
      summary: 'me@atrium.local',
      timeZone: 'Europe/Paris',
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 30 }],
      items: [googleEvent],
      nextSyncToken: 'CPDAlvWDx70CEPDAlvWDx70CGAU=',
    });
    expect(page.items?.[0]?.id).toBe(googleEvent.id);
  });

  it('reject fields of the wrong type or outside the spec’s values', () => {
    expect(CalendarEvent.safeParse({ ...googleEvent, summary: 5 }).success).toBe(false);
    expect(CalendarEvent.safeParse({ ...googleEvent, status: 'done' }).success).toBe(false);
    expect(CalendarEvent.safeParse({ ...googleEvent, sequence: 1.5 }).success).toBe(false);
    expect(CalendarEvent.safeParse({ ...googleEvent, start: { dateTime: 7 } }).success).toBe(false);
    expect(CalendarEvent.safeParse({ ...googleEvent, attendees: [{ responseStatus: 'maybe' }] }).success).toBe(false);
    const attachments = Array.from({ length: 26 }, (_, i) => ({ fileUrl: `https://drive/${i}` }));
    expect(CalendarEvent.safeParse({ ...googleEvent, attachments }).success).toBe(false);
    expect(CalendarEvent.safeParse({ ...googleEvent, attachments: attachments.slice(0, 25) }).success).toBe(true);
  });

  it('accept an empty object for every operation’s request and response (all fields are optional)', () => {
    for (const op of operationList) {
      if (op.request) expect(op.request.safeParse({}).success, op.name).toBe(true);
      if (op.response) expect(op.response.safeParse({}).success, op.name).toBe(true);
    }
  });

  it('answer a change list with nested file and drive resources', () => {
    const list = DriveChangeList.parse({
      kind: 'drive#changeList',
      newStartPageToken: '42',
      changes: [
        {
          kind: 'drive#change',
          changeType: 'file',
          fileId: 'f1',
          removed: false,
          time: '2024-06-01T00:00:00Z',
          file: { id: 'f1', size: '12' },
        },
        { kind: 'drive#change', changeType: 'drive', driveId: 'd1', removed: true },
      ],
    });
    expect(list.changes?.[0]?.file?.size).toBe('12');
  });
});

describe('request schemas', () => {
  it('drop unknown top-level keys and keep nulls that clear fields', () => {
    const body = CalendarEventInput.parse({ summary: 'x', description: null, bogus: 1 });
    expect(body).toEqual({ summary: 'x', description: null });
  });

  it('check types of what they keep', () => {
    expect(CalendarEventInput.safeParse({ summary: ['x'] }).success).toBe(false);
    expect(CalendarEventInput.safeParse({ reminders: { overrides: [{ method: 'popup', minutes: -1 }] } }).success).toBe(
      false,
    );
    expect(AclRuleInput.safeParse({ role: 'admin', scope: { type: 'user', value: 'a@b' } }).success).toBe(false);
    expect(AclRuleInput.parse({ role: 'reader', scope: { type: 'user', value: 'a@b' } }).role).toBe('reader');
    expect(TaskInput.safeParse({ status: 'done' }).success).toBe(false);
    expect(DrivePermissionInput.safeParse({ role: 'editor', type: 'user' }).success).toBe(false);
    expect(SharedDriveInput.safeParse({ hidden: 'yes' }).success).toBe(false);
  });

  it('take 64-bit integers as strings or numbers and hand them on as strings', () => {
    expect(
      ChannelInput.parse({ id: 'c1', type: 'web_hook', address: 'https://h', expiration: 1717200000000 }).expiration,
    ).toBe('1717200000000');
    expect(Channel.parse({ expiration: '1717200000000' }).expiration).toBe('1717200000000');
    expect(ChannelInput.safeParse({ expiration: 'soon' }).success).toBe(false);
    expect(DriveFile.parse({ size: 1024 }).size).toBe('1024');
  });

  it('accept null entries of Drive properties (they remove the key)', () => {
    const body = DriveFileInput.parse({ name: 'a.txt', properties: { keep: '1', drop: null }, appProperties: null });
    expect(body.properties).toEqual({ keep: '1', drop: null });
    expect(body.appProperties).toBeNull();
  });

  it('accept both forms of a permission domain the spec lists', () => {
    expect(DrivePermissionInput.safeParse({ type: 'domain', role: 'reader', domain: 'atrium.local' }).success).toBe(
      true,
    );
    expect(
      DrivePermissionInput.safeParse({ type: 'domain', role: 'reader', domain: { name: 'atrium.local' } }).success,
    ).toBe(true);
  });

  it('carry the queued-request fields of a task', () => {
    const task = Task.parse({
      kind: 'tasks#task',
      id: 't1',
      title: 'Ship',
      status: 'needsAction',
      scheduleTime: '2024-06-01T10:00:00.123456Z',
      dispatchDeadline: '30s',
      dispatchCount: 2,
      responseCount: 1,
      firstAttempt: { dispatchTime: '2024-06-01T10:00:01Z' },
      platformHttpRequest: { url: 'https://worker/run', httpMethod: 'POST', headers: { 'x-a': '1' } },
      view: 'BASIC',
    });
    expect(task.firstAttempt?.dispatchTime).toBe('2024-06-01T10:00:01Z');
    expect(Task.safeParse({ dispatchCount: -1 }).success).toBe(false);
  });

  it('hold free/busy queries to the spec’s expansion limits', () => {
    const query = {
      timeMin: '2024-06-01T00:00:00Z',
      timeMax: '2024-06-02T00:00:00Z',
      items: [{ id: 'me@atrium.local' }],
    };
    expect(FreeBusyRequest.safeParse({ ...query, calendarExpansionMax: 50, groupExpansionMax: 100 }).success).toBe(
      true,
    );
    expect(FreeBusyRequest.safeParse({ ...query, calendarExpansionMax: 51 }).success).toBe(false);
    expect(FreeBusyRequest.safeParse({ ...query, groupExpansionMax: 101 }).success).toBe(false);
    const answer = FreeBusyResponse.parse({
      kind: 'calendar#freeBusy',
      calendars: { 'me@atrium.local': { busy: [{ start: '2024-06-01T09:00:00Z', end: '2024-06-01T10:00:00Z' }] } },
      groups: {
        'team@atrium.local': { calendars: ['a@atrium.local'], errors: [{ domain: 'global', reason: 'groupTooBig' }] },
      },
    });
    expect(answer.calendars?.['me@atrium.local']?.busy?.[0]?.end).toBe('2024-06-01T10:00:00Z');
  });
});

describe('registry types', () => {
  it('derive bodies and results from the schemas', () => {
    expectTypeOf<ResultFor<'CalendarEventsList'>['items']>().toEqualTypeOf<CalendarEvent[] | undefined>();
    expectTypeOf<ResultFor<'CalendarEventsDelete'>>().toEqualTypeOf<undefined>();
    expectTypeOf<BodyFor<'TasksTasksInsert'>>().toEqualTypeOf<TaskInput>();
    expectTypeOf<BodyFor<'TasksTasksGet'>>().toEqualTypeOf<undefined>();
    expectTypeOf<{ title: string; due: null }>().toExtend<BodyFor<'TasksTasksPatch'>>();
  });
});
