import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { alice, expectApiError, listAllEvents, startCalendarService, type CalendarTestService } from './test-support';

describe('recurring events', () => {
  let t: CalendarTestService;
  let client: calendar_v3.Calendar;
  let newYork: string;
  let seriesId: string;

  beforeAll(async () => {
    t = await startCalendarService({ start: new Date('2024-02-20T12:00:00Z') });
    client = t.client(alice.token);
    const { data } = await client.calendars.insert({ requestBody: { summary: 'NY', timeZone: 'America/New_York' } });
    newYork = data.id!;
    const { data: series } = await client.events.insert({
      calendarId: newYork,
      requestBody: {
        summary: 'Standup',
        start: { dateTime: '2024-02-27T09:00:00', timeZone: 'America/New_York' },
        end: { dateTime: '2024-02-27T09:30:00', timeZone: 'America/New_York' },
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=6'],
      },
    });
    seriesId = series.id!;
  });
  afterAll(async () => t.close());

  it('keeps a weekly 09:00 meeting at 09:00 local across the DST change', async () => {
    const { items } = await listAllEvents(client, { calendarId: newYork, singleEvents: true, orderBy: 'startTime' });
    expect(items.map((e) => e.start?.dateTime)).toEqual([
      '2024-02-27T09:00:00-05:00',
      '2024-03-05T09:00:00-05:00',
      '2024-03-12T09:00:00-04:00',
      '2024-03-19T09:00:00-04:00',
      '2024-03-26T09:00:00-04:00',
      '2024-04-02T09:00:00-04:00',
    ]);
    expect(items.map((e) => e.end?.dateTime?.slice(11, 19))).toEqual(Array(6).fill('09:30:00'));
    expect(items[0]).toMatchObject({
      id: `${seriesId}_20240227T140000Z`,
      recurringEventId: seriesId,
      originalStartTime: { dateTime: '2024-02-27T09:00:00-05:00', timeZone: 'America/New_York' },
      summary: 'Standup',
    });
    expect(items[2]?.id).toBe(`${seriesId}_20240312T130000Z`);
    expect(items.every((e) => e.recurrence === undefined)).toBe(true);

    // Asked in UTC, the wall-clock shift shows in the instants.
    const { items: utc } = await listAllEvents(client, { calendarId: newYork, singleEvents: true, timeZone: 'UTC' });
    expect(utc.slice(0, 3).map((e) => e.start?.dateTime)).toEqual([
      '2024-02-27T14:00:00Z',
      '2024-03-05T14:00:00Z',
      '2024-03-12T13:00:00Z',
    ]);

    const { items: unexpanded } = await listAllEvents(client, { calendarId: newYork });
    expect(unexpanded).toHaveLength(1);
    expect(unexpanded[0]?.recurrence).toEqual(['RRULE:FREQ=WEEKLY;COUNT=6']);
  });

  it('lists instances with a window, originalStart and paging', async () => {
    const { data } = await client.events.instances({
      calendarId: newYork,
      eventId: seriesId,
      timeMin: '2024-03-01T00:00:00Z',
      timeMax: '2024-03-20T00:00:00Z',
    });
    expect(data.items?.map((e) => e.id)).toEqual([
      `${seriesId}_20240305T140000Z`,
      `${seriesId}_20240312T130000Z`,
      `${seriesId}_20240319T130000Z`,
    ]);
    const { data: one } = await client.events.instances({
      calendarId: newYork,
      eventId: seriesId,
      originalStart: '2024-03-19T09:00:00-04:00',
    });
    expect(one.items?.map((e) => e.id)).toEqual([`${seriesId}_20240319T130000Z`]);
    const { data: first } = await client.events.instances({ calendarId: newYork, eventId: seriesId, maxResults: 4 });
    expect(first.items).toHaveLength(4);
    const { data: second } = await client.events.instances({
      calendarId: newYork,
      eventId: seriesId,
      maxResults: 4,
      pageToken: first.nextPageToken!,
    });
    expect(second.items).toHaveLength(2);
    expect(second.nextPageToken).toBeFalsy();
  });

  it('modifies one instance as an exception and cancels another', async () => {
    const movedId = `${seriesId}_20240312T130000Z`;
    const { data: single } = await client.events.get({ calendarId: newYork, eventId: movedId });
    expect(single).toMatchObject({ recurringEventId: seriesId, summary: 'Standup' });

    const { data: moved } = await client.events.patch({
      calendarId: newYork,
      eventId: movedId,
      requestBody: {
        summary: 'Standup (late)',
        start: { dateTime: '2024-03-12T11:00:00', timeZone: 'America/New_York' },
        end: { dateTime: '2024-03-12T11:30:00', timeZone: 'America/New_York' },
      },
    });
    expect(moved).toMatchObject({
      id: movedId,
      recurringEventId: seriesId,
      summary: 'Standup (late)',
      originalStartTime: { dateTime: '2024-03-12T09:00:00-04:00' },
      start: { dateTime: '2024-03-12T11:00:00-04:00' },
    });

    await client.events.delete({ calendarId: newYork, eventId: `${seriesId}_20240319T130000Z` });

    const { items } = await listAllEvents(client, { calendarId: newYork, singleEvents: true, orderBy: 'startTime' });
    expect(items.map((e) => [e.start?.dateTime, e.summary])).toEqual([
      ['2024-02-27T09:00:00-05:00', 'Standup'],
      ['2024-03-05T09:00:00-05:00', 'Standup'],
      ['2024-03-12T11:00:00-04:00', 'Standup (late)'],
      ['2024-03-26T09:00:00-04:00', 'Standup'],
      ['2024-04-02T09:00:00-04:00', 'Standup'],
    ]);
    const { items: withDeleted } = await listAllEvents(client, {
      calendarId: newYork,
      singleEvents: true,
      showDeleted: true,
    });
    expect(withDeleted.find((e) => e.id === `${seriesId}_20240319T130000Z`)?.status).toBe('cancelled');

    // Unexpanded, the cancelled instance of a live series is listed so clients know it is gone.
    const { items: raw } = await listAllEvents(client, { calendarId: newYork });
    const byId = Object.fromEntries(raw.map((e) => [e.id, e]));
    expect(Object.keys(byId).sort()).toEqual([seriesId, movedId, `${seriesId}_20240319T130000Z`].sort());
    expect(byId[`${seriesId}_20240319T130000Z`]).toMatchObject({
      status: 'cancelled',
      recurringEventId: seriesId,
      originalStartTime: { dateTime: '2024-03-19T09:00:00-04:00' },
    });

    const { data: instances } = await client.events.instances({ calendarId: newYork, eventId: seriesId });
    expect(instances.items).toHaveLength(5);
    await expectApiError(
      client.events.get({ calendarId: newYork, eventId: `${seriesId}_20240313T130000Z` }),
      404,
      'notFound',
    );
    await expectApiError(
      client.events.patch({ calendarId: newYork, eventId: movedId, requestBody: { recurrence: ['RRULE:FREQ=DAILY'] } }),
      400,
      'invalid',
    );
  });

  it('applies EXDATE, RDATE and EXRULE, and expands endless and all-day series within the window', async () => {
    const { data: mixed } = await client.events.insert({
      calendarId: newYork,
      requestBody: {
        summary: 'Mixed',
        start: { dateTime: '2024-01-01T09:00:00-05:00', timeZone: 'America/New_York' },
        end: { dateTime: '2024-01-01T10:00:00-05:00', timeZone: 'America/New_York' },
        recurrence: [
          'RRULE:FREQ=DAILY;COUNT=5',
          'EXDATE;TZID=America/New_York:20240102T090000',
          'EXRULE:FREQ=DAILY;BYDAY=TH;COUNT=10',
          'RDATE;TZID=America/New_York:20240110T090000',
        ],
      },
    });
    const { data: inst } = await client.events.instances({ calendarId: newYork, eventId: mixed.id! });
    expect(inst.items?.map((e) => e.start?.dateTime)).toEqual([
      '2024-01-01T09:00:00-05:00',
      '2024-01-03T09:00:00-05:00',
      '2024-01-05T09:00:00-05:00',
      '2024-01-10T09:00:00-05:00',
    ]);

    const { data: endless } = await client.events.insert({
      calendarId: newYork,
      requestBody: {
        summary: 'Gym',
        start: { date: '2024-01-01' },
        end: { date: '2024-01-02' },
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE'],
      },
    });
    const { items } = await listAllEvents(client, {
      calendarId: newYork,
      singleEvents: true,
      orderBy: 'startTime',
      q: 'gym',
      timeMin: '2025-06-01T00:00:00-04:00',
      timeMax: '2025-06-15T00:00:00-04:00',
    });
    expect(items.map((e) => e.start?.date)).toEqual(['2025-06-02', '2025-06-04', '2025-06-09', '2025-06-11']);
    expect(items[0]?.id).toBe(`${endless.id}_20250602`);
    expect(items[0]?.end?.date).toBe('2025-06-03');
  });

  it('syncs expanded instances of a changed series when singleEvents=true', async () => {
    const { data: cal } = await client.calendars.insert({ requestBody: { summary: 'Expanded sync', timeZone: 'UTC' } });
    const start = await listAllEvents(client, { calendarId: cal.id!, singleEvents: true });
    const { data: series } = await client.events.insert({
      calendarId: cal.id!,
      requestBody: {
        summary: 'Triple',
        start: { dateTime: '2024-04-01T10:00:00Z', timeZone: 'UTC' },
        end: { dateTime: '2024-04-01T11:00:00Z', timeZone: 'UTC' },
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      },
    });
    const delta = await listAllEvents(client, {
      calendarId: cal.id!,
      singleEvents: true,
      syncToken: start.nextSyncToken!,
    });
    expect(delta.items.map((e) => e.id)).toEqual([
      `${series.id}_20240401T100000Z`,
      `${series.id}_20240402T100000Z`,
      `${series.id}_20240403T100000Z`,
    ]);
    const raw = await listAllEvents(client, { calendarId: cal.id!, syncToken: start.nextSyncToken! });
    expect(raw.items.map((e) => e.id)).toEqual([series.id]);
  });

  it('rejects bad recurrence data and leaves the calendar unchanged', async () => {
    const before = await listAllEvents(client, { calendarId: newYork, showDeleted: true });
    const base = {
      summary: 'Bad',
      start: { dateTime: '2024-05-01T09:00:00', timeZone: 'America/New_York' },
      end: { dateTime: '2024-05-01T10:00:00', timeZone: 'America/New_York' },
    };
    for (const recurrence of [
      ['RRULE:FREQ=SOMETIMES'],
      ['DTSTART:20240501T090000Z'],
      ['RRULE:FREQ=DAILY;COUNT=0'],
      ['hello'],
    ]) {
      await expectApiError(
        client.events.insert({ calendarId: newYork, requestBody: { ...base, recurrence } }),
        400,
        'invalid',
      );
    }
    await expectApiError(
      client.events.insert({
        calendarId: newYork,
        requestBody: {
          summary: 'No zone',
          start: { dateTime: '2024-05-01T09:00:00Z' },
          end: { dateTime: '2024-05-01T10:00:00Z' },
          recurrence: ['RRULE:FREQ=DAILY'],
        },
      }),
      400,
      'required',
    );
    const after = await listAllEvents(client, { calendarId: newYork, showDeleted: true });
    expect(after.items.map((e) => e.etag)).toEqual(before.items.map((e) => e.etag));
  });

  it('deleting the series cancels every instance and exception', async () => {
    await client.events.delete({ calendarId: newYork, eventId: seriesId });
    const { items } = await listAllEvents(client, {
      calendarId: newYork,
      singleEvents: true,
      timeMin: '2024-02-01T00:00:00Z',
      timeMax: '2024-04-30T00:00:00Z',
      q: 'standup',
    });
    expect(items).toEqual([]);
    const { data: exception } = await client.events.get({
      calendarId: newYork,
      eventId: `${seriesId}_20240312T130000Z`,
    });
    expect(exception.status).toBe('cancelled');
    const { items: deleted } = await listAllEvents(client, {
      calendarId: newYork,
      singleEvents: true,
      showDeleted: true,
      q: 'standup',
    });
    expect(deleted.length).toBeGreaterThan(0);
    expect(deleted.every((e) => e.status === 'cancelled')).toBe(true);
  });
});
