import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { alice, listAllEvents, startCalendarService, type CalendarTestService } from './test-support';

/** RFC 5545 puts every RDATE in the recurrence set, one before the series' start too. */
describe('RDATE before the series start', () => {
  let t: CalendarTestService;
  let client: calendar_v3.Calendar;
  let seriesId: string;

  beforeAll(async () => {
    t = await startCalendarService({ start: new Date('2029-12-01T12:00:00Z') });
    client = t.client(alice.token);
    const { data } = await client.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary: 'Review',
        start: { dateTime: '2030-01-10T09:00:00+01:00', timeZone: 'Europe/Berlin' },
        end: { dateTime: '2030-01-10T10:00:00+01:00', timeZone: 'Europe/Berlin' },
        recurrence: [
          'RRULE:FREQ=DAILY;COUNT=3',
          'RDATE;TZID=Europe/Berlin:20300105T090000,20291220T090000',
          'RDATE:20291215T080000Z',
          'EXDATE;TZID=Europe/Berlin:20291220T090000',
        ],
      },
    });
    seriesId = data.id!;
  });
  afterAll(async () => t.close());

  const expected = [
    '2029-12-15T08:00:00Z',
    '2030-01-05T08:00:00Z',
    '2030-01-10T08:00:00Z',
    '2030-01-11T08:00:00Z',
    '2030-01-12T08:00:00Z',
  ];

  it('lists the earlier RDATEs among the instances, minus the one an EXDATE removes, page by page', async () => {
    const { data } = await client.events.instances({ calendarId: 'primary', eventId: seriesId });
    expect(data.items?.map((e) => e.start?.dateTime)).toEqual(expected);
    expect(data.items?.[1]?.id).toBe(`${seriesId}_20300105T080000Z`);

    const first = await client.events.instances({ calendarId: 'primary', eventId: seriesId, maxResults: 2 });
    expect(first.data.items?.map((e) => e.start?.dateTime)).toEqual(expected.slice(0, 2));
    const second = await client.events.instances({
      calendarId: 'primary',
      eventId: seriesId,
      maxResults: 2,
      pageToken: first.data.nextPageToken!,
    });
    expect(second.data.items?.map((e) => e.start?.dateTime)).toEqual(expected.slice(2, 4));

    const bounded = await client.events.instances({
      calendarId: 'primary',
      eventId: seriesId,
      timeMin: '2029-12-01T00:00:00Z',
      timeMax: '2030-01-10T00:00:00Z',
    });
    expect(bounded.data.items?.map((e) => e.start?.dateTime)).toEqual(expected.slice(0, 2));

    const { data: one } = await client.events.get({ calendarId: 'primary', eventId: `${seriesId}_20291215T080000Z` });
    expect(one).toMatchObject({ recurringEventId: seriesId, start: { dateTime: '2029-12-15T08:00:00Z' } });
  });

  it('lists them with singleEvents=true, in a window wholly before the series start too', async () => {
    const all = await listAllEvents(client, { calendarId: 'primary', singleEvents: true, orderBy: 'startTime' });
    expect(all.items.map((e) => e.start?.dateTime)).toEqual(expected);
    const before = await listAllEvents(client, {
      calendarId: 'primary',
      singleEvents: true,
      orderBy: 'startTime',
      timeMin: '2029-12-10T00:00:00Z',
      timeMax: '2030-01-08T00:00:00Z',
    });
    expect(before.items.map((e) => e.start?.dateTime)).toEqual(expected.slice(0, 2));
    const paged = await listAllEvents(client, { calendarId: 'primary', singleEvents: true, maxResults: 2 });
    expect(paged.pages).toBe(3);
    expect(paged.items.map((e) => e.start?.dateTime)).toEqual(expected);
  });
});
