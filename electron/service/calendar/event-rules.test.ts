import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import {
  alice,
  bob,
  expectApiError,
  listAllEvents,
  startCalendarService,
  type CalendarTestService,
} from './test-support';

const hour = (day: number, h: number) => `2030-07-${String(day).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00Z`;
const timed = (day: number): calendar_v3.Schema$Event => ({
  start: { dateTime: hour(day, 9) },
  end: { dateTime: hour(day, 10) },
});
const attachment = (i: number) => ({ fileUrl: `https://drive.example.com/file/${i}`, title: `File ${i}` });

describe('event rules', () => {
  let t: CalendarTestService;
  let client: calendar_v3.Calendar;
  let calendarId: string;

  /** Every stored event of the calendar with its etag, to prove a rejected request changed nothing. */
  const snapshot = async () =>
    (await listAllEvents(client, { calendarId, showDeleted: true })).items.map((e) => `${e.id}:${e.etag}`).sort();

  beforeAll(async () => {
    t = await startCalendarService({ start: new Date('2030-07-01T12:00:00Z') });
    client = t.client(alice.token);
    calendarId = (await client.calendars.insert({ requestBody: { summary: 'Rules', timeZone: 'America/New_York' } }))
      .data.id!;
  });
  afterAll(async () => t.close());

  it('checks client-supplied ids and iCalUIDs', async () => {
    const { data: own } = await client.events.insert({
      calendarId,
      requestBody: { id: 'meeting0001', summary: 'Own id', ...timed(1) },
    });
    expect(own.id).toBe('meeting0001');
    const before = await snapshot();
    for (const id of ['abc', 'UPPERCASE1', 'has_underscore', 'wxyz12345', 'x'.repeat(1025)]) {
      await expectApiError(client.events.insert({ calendarId, requestBody: { id, ...timed(2) } }), 400, 'invalid');
    }
    await expectApiError(
      client.events.insert({ calendarId, requestBody: { id: 'meeting0001', ...timed(2) } }),
      409,
      'duplicate',
    );
    await expectApiError(
      client.events.insert({ calendarId, requestBody: { id: 'meeting0002', iCalUID: 'u@example.com', ...timed(2) } }),
      400,
      'invalid',
    );
    expect(await snapshot()).toEqual(before);
    const { data: byUid } = await client.events.insert({
      calendarId,
      requestBody: { iCalUID: 'party@example.com', ...timed(3) },
    });
    expect(byUid.iCalUID).toBe('party@example.com');
    const { data: found } = await client.events.list({ calendarId, iCalUID: 'party@example.com' });
    expect(found.items?.map((e) => e.id)).toEqual([byUid.id]);
  });

  it('rejects bad input with 4xx and leaves stored data unchanged', async () => {
    const before = await snapshot();
    const bad: [calendar_v3.Schema$Event, number, string][] = [
      [{ summary: 42 as unknown as string, ...timed(4) }, 400, 'invalid'],
      [{ summary: 'No end', start: { dateTime: hour(4, 9) } }, 400, 'required'],
      [
        { summary: 'Backwards', start: { dateTime: hour(4, 10) }, end: { dateTime: hour(4, 9) } },
        400,
        'timeRangeEmpty',
      ],
      [{ summary: 'Mixed', start: { date: '2030-07-04' }, end: { dateTime: hour(4, 9) } }, 400, 'invalid'],
      [{ summary: 'Bad date', start: { date: '2030-02-30' }, end: { date: '2030-03-01' } }, 400, 'invalid'],
      [
        {
          summary: 'Bad zone',
          start: { dateTime: '2030-07-04T09:00:00', timeZone: 'Nowhere/City' },
          end: { dateTime: hour(4, 10) },
        },
        400,
        'invalid',
      ],
      [{ summary: 'Bad status', status: 'maybe', ...timed(4) }, 400, 'invalid'],
      [{ summary: 'Bad color', colorId: '12', ...timed(4) }, 400, 'invalid'],
      [
        {
          summary: 'Bad reminder',
          reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: -5 }] },
          ...timed(4),
        },
        400,
        'invalid',
      ],
      [{ summary: 'Bad attendee', attendees: [{ displayName: 'No email' }], ...timed(4) }, 400, 'required'],
      [{ summary: 'Bad source', source: { url: 'ftp://example.com' }, ...timed(4) }, 400, 'invalid'],
      [{ summary: 'Bad sequence', sequence: -1, ...timed(4) }, 400, 'invalid'],
    ];
    for (const [requestBody, status, reason] of bad) {
      await expectApiError(client.events.insert({ calendarId, requestBody }), status, reason);
    }
    await expectApiError(
      client.events.insert({ calendarId: 'unknown@example.com', requestBody: timed(4) }),
      404,
      'notFound',
    );
    await expectApiError(client.events.list({ calendarId, maxResults: 5000 }), 400);
    await expectApiError(client.events.list({ calendarId, privateExtendedProperty: ['noequals'] }), 400, 'invalid');
    expect(await snapshot()).toEqual(before);
  });

  it('accepts at most 25 attachments and only from clients that support them', async () => {
    const before = await snapshot();
    const many = Array.from({ length: 26 }, (_, i) => attachment(i));
    await expectApiError(
      client.events.insert({ calendarId, supportsAttachments: true, requestBody: { ...timed(5), attachments: many } }),
      400,
      'invalid',
    );
    await expectApiError(
      client.events.insert({ calendarId, requestBody: { ...timed(5), attachments: [attachment(1)] } }),
      400,
      'invalid',
    );
    expect(await snapshot()).toEqual(before);
    const { data } = await client.events.insert({
      calendarId,
      supportsAttachments: true,
      requestBody: { summary: 'Docs', ...timed(5), attachments: many.slice(0, 25) },
    });
    expect(data.attachments).toHaveLength(25);
    // A client without attachment support may still edit other fields; attachments stay.
    const { data: renamed } = await client.events.update({
      calendarId,
      eventId: data.id!,
      requestBody: { summary: 'Docs v2', ...timed(5) },
    });
    expect(renamed.attachments).toHaveLength(25);
  });

  it('keeps conference data only with conferenceDataVersion=1 and creates conferences on request', async () => {
    const conferenceData = { createRequest: { requestId: 'req-1', conferenceSolutionKey: { type: 'hangoutsMeet' } } };
    const { data: ignored } = await client.events.insert({ calendarId, requestBody: { ...timed(6), conferenceData } });
    expect(ignored.conferenceData).toBeUndefined();
    const { data: created } = await client.events.insert({
      calendarId,
      conferenceDataVersion: 1,
      requestBody: { ...timed(6), conferenceData },
    });
    expect(created.conferenceData?.createRequest?.status?.statusCode).toBe('success');
    expect(created.conferenceData?.entryPoints?.[0]?.entryPointType).toBe('video');
    expect(created.hangoutLink).toBe(created.conferenceData?.entryPoints?.[0]?.uri);
    await expectApiError(client.events.insert({ calendarId, conferenceDataVersion: 2, requestBody: timed(6) }), 400);
  });

  it('honours If-Match and If-None-Match and keeps sequence rules', async () => {
    const { data: event } = await client.events.insert({
      calendarId,
      requestBody: { summary: 'Versioned', ...timed(7) },
    });
    const { data: updated } = await client.events.patch(
      { calendarId, eventId: event.id!, requestBody: { summary: 'Versioned 2' } },
      { headers: { 'If-Match': event.etag! } },
    );
    await expectApiError(
      client.events.patch(
        { calendarId, eventId: event.id!, requestBody: { summary: 'Stale' } },
        { headers: { 'If-Match': event.etag! } },
      ),
      412,
      'conditionNotMet',
    );
    await expectApiError(
      client.events.delete({ calendarId, eventId: event.id! }, { headers: { 'If-Match': event.etag! } }),
      412,
    );
    const { data: current } = await client.events.get({ calendarId, eventId: event.id! });
    expect(current.summary).toBe('Versioned 2');

    const notModified = await client.events.get(
      { calendarId, eventId: event.id! },
      { headers: { 'If-None-Match': updated.etag! }, validateStatus: (s) => s === 200 || s === 304 },
    );
    expect(notModified.status).toBe(304);
    expect(updated.sequence).toBe(0);
    const { data: moved } = await client.events.patch({
      calendarId,
      eventId: event.id!,
      requestBody: { start: { dateTime: hour(7, 8) } },
    });
    expect(moved.sequence).toBe(1);
    await expectApiError(
      client.events.patch({ calendarId, eventId: event.id!, requestBody: { sequence: 0, location: 'Elsewhere' } }),
      400,
      'invalidSequenceValue',
    );
  });

  it('searches with q, extended properties, eventTypes and limits attendees', async () => {
    await client.events.insert({
      calendarId,
      requestBody: {
        summary: 'Quarterly review',
        description: 'Numbers and plans',
        attendees: [{ email: alice.email }, { email: bob.email, displayName: 'Bobby' }, { email: 'dan@example.com' }],
        extendedProperties: { private: { project: 'atlas', stage: 'draft' }, shared: { room: 'blue' } },
        ...timed(8),
      },
    });
    await client.events.insert({
      calendarId,
      requestBody: { summary: 'Review lunch', extendedProperties: { private: { project: 'atlas' } }, ...timed(9) },
    });
    const search = async (params: Omit<calendar_v3.Params$Resource$Events$List, 'calendarId'>) =>
      (await listAllEvents(client, { calendarId, ...params })).items.map((e) => e.summary).sort();
    expect(await search({ q: 'review' })).toEqual(['Quarterly review', 'Review lunch']);
    expect(await search({ q: 'bobby plans' })).toEqual(['Quarterly review']);
    expect(await search({ q: 'atlas' })).toEqual([]);
    expect(await search({ privateExtendedProperty: ['project=atlas'] })).toEqual(['Quarterly review', 'Review lunch']);
    expect(await search({ privateExtendedProperty: ['project=atlas', 'stage=draft'] })).toEqual(['Quarterly review']);
    expect(await search({ sharedExtendedProperty: ['room=blue'] })).toEqual(['Quarterly review']);
    expect(await search({ sharedExtendedProperty: ['project=atlas'] })).toEqual([]);
    expect(await search({ q: 'review', eventTypes: ['focusTime'] })).toEqual([]);

    const { items } = await listAllEvents(client, { calendarId, q: 'quarterly', maxAttendees: 1 });
    expect(items[0]?.attendeesOmitted).toBe(true);
    expect(items[0]?.attendees?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('imports by iCalUID, updating an event already imported', async () => {
    await expectApiError(
      client.events.import({ calendarId, requestBody: { summary: 'No uid', ...timed(10) } }),
      400,
      'required',
    );
    const { data: first } = await client.events.import({
      calendarId,
      requestBody: {
        iCalUID: 'ext-1@example.com',
        summary: 'Imported',
        organizer: { email: 'someone@example.com' },
        ...timed(10),
      },
    });
    expect(first.organizer?.email).toBe('someone@example.com');
    const { data: second } = await client.events.import({
      calendarId,
      requestBody: { iCalUID: 'ext-1@example.com', summary: 'Imported again', ...timed(10) },
    });
    expect(second.id).toBe(first.id);
    expect(second.summary).toBe('Imported again');
    const { data: list } = await client.events.list({ calendarId, iCalUID: 'ext-1@example.com' });
    expect(list.items).toHaveLength(1);
  });

  it('moves an event to another calendar, leaving a cancelled event behind', async () => {
    const { data: target } = await client.calendars.insert({ requestBody: { summary: 'Target' } });
    const { data: event } = await client.events.insert({
      calendarId,
      requestBody: { summary: 'Movable', ...timed(11) },
    });
    const { data: moved } = await client.events.move({ calendarId, eventId: event.id!, destination: target.id! });
    expect(moved).toMatchObject({ id: event.id, summary: 'Movable' });
    expect(moved.organizer?.email).toBe(target.id);
    const { data: left } = await client.events.get({ calendarId, eventId: event.id! });
    expect(left.status).toBe('cancelled');
    const { data: arrived } = await client.events.get({ calendarId: target.id!, eventId: event.id! });
    expect(arrived.status).toBe('confirmed');
    await expectApiError(client.events.move({ calendarId, eventId: event.id!, destination: target.id! }), 404);
    await expectApiError(
      client.events.move({ calendarId: target.id!, eventId: event.id!, destination: 'nowhere@example.com' }),
      404,
    );
  });

  it('quick-adds from text in the calendar time zone', async () => {
    const { data } = await client.events.quickAdd({ calendarId, text: 'Lunch with Ana tomorrow at 12:30' });
    expect(data.summary).toBe('Lunch with Ana');
    expect(data.start?.dateTime).toBe('2030-07-02T12:30:00-04:00');
    expect(data.end?.dateTime).toBe('2030-07-02T13:30:00-04:00');
    const { data: allDay } = await client.events.quickAdd({ calendarId, text: 'Holiday on July 20' });
    expect(allDay).toMatchObject({ summary: 'Holiday', start: { date: '2030-07-20' }, end: { date: '2030-07-21' } });
  });
});
