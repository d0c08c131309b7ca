import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { alice, bob, expectApiError, startCalendarService, type CalendarTestService } from './test-support';

describe('free/busy and colors', () => {
  let t: CalendarTestService;
  let client: calendar_v3.Calendar;

  beforeAll(async () => {
    t = await startCalendarService();
    client = t.client(alice.token);
    const insert = (requestBody: calendar_v3.Schema$Event) =>
      client.events.insert({ calendarId: 'primary', requestBody });
    await insert({
      summary: 'Busy',
      start: { dateTime: '2030-09-02T09:00:00Z' },
      end: { dateTime: '2030-09-02T10:00:00Z' },
    });
    await insert({
      summary: 'Overlap',
      start: { dateTime: '2030-09-02T09:30:00Z' },
      end: { dateTime: '2030-09-02T11:00:00Z' },
    });
    await insert({
      summary: 'Free',
      transparency: 'transparent',
      start: { dateTime: '2030-09-02T13:00:00Z' },
      end: { dateTime: '2030-09-02T14:00:00Z' },
    });
    const { data: cancelled } = await insert({
      summary: 'Cancelled',
      start: { dateTime: '2030-09-02T15:00:00Z' },
      end: { dateTime: '2030-09-02T16:00:00Z' },
    });
    await client.events.delete({ calendarId: 'primary', eventId: cancelled.id! });
    await insert({
      summary: 'Daily',
      start: { dateTime: '2030-09-01T08:00:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-09-01T08:30:00', timeZone: 'Europe/Berlin' },
      recurrence: ['RRULE:FREQ=DAILY'],
    });
  });
  afterAll(async () => t.close());

  it('reports merged busy blocks of opaque live events, recurrences included, in the requested zone', async () => {
    const { data } = await client.freebusy.query({
      requestBody: {
        timeMin: '2030-09-02T00:00:00Z',
        timeMax: '2030-09-03T00:00:00Z',
        timeZone: 'Europe/Berlin',
        items: [{ id: 'primary' }, { id: 'nobody@example.com' }, { id: bob.email }],
      },
    });
    expect(data.kind).toBe('calendar#freeBusy');
    expect(data.timeMin).toBe('2030-09-02T02:00:00+02:00');
    expect(data.calendars?.primary?.busy).toEqual([
      { start: '2030-09-02T08:00:00+02:00', end: '2030-09-02T08:30:00+02:00' },
      { start: '2030-09-02T11:00:00+02:00', end: '2030-09-02T13:00:00+02:00' },
    ]);
    expect(data.calendars?.['nobody@example.com']?.errors).toEqual([{ domain: 'global', reason: 'notFound' }]);
    expect(data.calendars?.[bob.email]?.errors?.[0]?.reason).toBe('notFound');
  });

  it('enforces calendarExpansionMax and groupExpansionMax', async () => {
    const window = { timeMin: '2030-09-02T00:00:00Z', timeMax: '2030-09-03T00:00:00Z' };
    await expectApiError(
      client.freebusy.query({ requestBody: { ...window, calendarExpansionMax: 51, items: [] } }),
      400,
      'invalid',
    );
    await expectApiError(
      client.freebusy.query({ requestBody: { ...window, groupExpansionMax: 101, items: [] } }),
      400,
      'invalid',
    );
    const { data } = await client.freebusy.query({
      requestBody: { ...window, calendarExpansionMax: 1, items: [{ id: 'primary' }, { id: alice.email }] },
    });
    expect(data.calendars?.primary?.busy?.length).toBeGreaterThan(0);
    expect(data.calendars?.[alice.email]?.errors?.[0]?.reason).toBe('tooManyCalendarsRequested');
    await expectApiError(
      client.freebusy.query({ requestBody: { timeMin: window.timeMax, timeMax: window.timeMin, items: [] } }),
      400,
      'timeRangeEmpty',
    );
    await expectApiError(
      client.freebusy.query({ requestBody: { timeMax: window.timeMax, items: [] } }),
      400,
      'required',
    );
  });

  it("serves Google's calendar and event palettes", async () => {
    const { data } = await client.colors.get();
    expect(data.kind).toBe('calendar#colors');
    expect(Object.keys(data.calendar ?? {})).toHaveLength(24);
    expect(Object.keys(data.event ?? {})).toHaveLength(11);
    expect(data.calendar?.['1']).toEqual({ background: '#ac725e', foreground: '#1d1d1d' });
    expect(data.event?.['11']).toEqual({ background: '#dc2127', foreground: '#1d1d1d' });
  });
});
