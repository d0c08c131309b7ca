import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { alice, startCalendarService, type CalendarTestService } from './test-support';

/**
 * An update writes the index-key columns of an event's row only when they change. Whatever it
 * skips, every index must still find the event where its new content says.
 */
describe('rewriting an event row', () => {
  let t: CalendarTestService;
  let cal: calendar_v3.Calendar;

  beforeAll(async () => {
    t = await startCalendarService();
    cal = t.client(alice.token);
  });
  afterAll(async () => t.close());

  const inWindow = async (timeMin: string, timeMax: string) =>
    (await cal.events.list({ calendarId: 'primary', timeMin, timeMax, singleEvents: true })).data.items!.map(
      (e) => e.summary,
    );

  it('finds a patched event by time, id, uid, series and change, whichever columns changed', async () => {
    const { data: created } = await cal.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary: 'Draft',
        start: { dateTime: '2031-03-03T09:00:00Z' },
        end: { dateTime: '2031-03-03T10:00:00Z' },
      },
    });
    const { data: first } = await cal.events.list({ calendarId: 'primary' });

    // Content only: the time, id and uid entries stay as they were.
    await cal.events.patch({ calendarId: 'primary', eventId: created.id!, requestBody: { summary: 'Titled' } });
    expect(await inWindow('2031-03-03T00:00:00Z', '2031-03-04T00:00:00Z')).toEqual(['Titled']);
    const { data: changed } = await cal.events.list({ calendarId: 'primary', syncToken: first.nextSyncToken! });
    expect(changed.items!.map((e) => e.summary)).toEqual(['Titled']);
    const byUid = await cal.events.list({ calendarId: 'primary', iCalUID: created.iCalUID! });
    expect(byUid.data.items!.map((e) => e.summary)).toEqual(['Titled']);

    // A new time moves its entry in the time index.
    await cal.events.patch({
      calendarId: 'primary',
      eventId: created.id!,
      requestBody: { start: { dateTime: '2031-03-05T09:00:00Z' }, end: { dateTime: '2031-03-05T10:00:00Z' } },
    });
    expect(await inWindow('2031-03-03T00:00:00Z', '2031-03-04T00:00:00Z')).toEqual([]);
    expect(await inWindow('2031-03-05T00:00:00Z', '2031-03-06T00:00:00Z')).toEqual(['Titled']);

    // Becoming a series changes is_series: it is expanded, and found by its instances.
    await cal.events.patch({
      calendarId: 'primary',
      eventId: created.id!,
      requestBody: {
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
        start: { dateTime: '2031-03-05T09:00:00Z', timeZone: 'UTC' },
        end: { dateTime: '2031-03-05T10:00:00Z', timeZone: 'UTC' },
      },
    });
    expect(await inWindow('2031-03-05T00:00:00Z', '2031-03-08T00:00:00Z')).toEqual(['Titled', 'Titled', 'Titled']);
    const { data: instances } = await cal.events.instances({ calendarId: 'primary', eventId: created.id! });
    expect(instances.items).toHaveLength(3);
    const { data: got } = await cal.events.get({ calendarId: 'primary', eventId: created.id! });
    expect(got).toMatchObject({ summary: 'Titled', recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] });
  });
});
