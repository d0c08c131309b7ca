import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { alice, expectApiError, listAllEvents, startCalendarService, type CalendarTestService } from './test-support';

describe('calendars and events through the official client', () => {
  let t: CalendarTestService;
  let client: calendar_v3.Calendar;

  beforeAll(async () => {
    t = await startCalendarService();
    client = t.client(alice.token);
  });
  afterAll(async () => t.close());

  it('provisions the primary calendar with its list entry and default settings', async () => {
    const { data: list } = await client.calendarList.list();
    expect(list.kind).toBe('calendar#calendarList');
    const primary = list.items?.find((e) => e.primary);
    expect(primary).toMatchObject({
      id: alice.email,
      accessRole: 'owner',
      primary: true,
      timeZone: 'UTC',
      summary: alice.email,
    });
    expect(list.nextSyncToken).toBeTruthy();

    const { data: entry } = await client.calendarList.get({ calendarId: 'primary' });
    expect(entry.id).toBe(alice.email);
    const { data: cal } = await client.calendars.get({ calendarId: 'primary' });
    expect(cal).toMatchObject({ kind: 'calendar#calendar', id: alice.email, timeZone: 'UTC' });

    const { data: settings } = await client.settings.list();
    const values = Object.fromEntries((settings.items ?? []).map((s) => [s.id, s.value]));
    expect(values).toMatchObject({
      timezone: 'UTC',
      locale: 'en',
      weekStart: '0',
      format24HourTime: 'false',
      defaultEventLength: '60',
    });
  });

  it('creates a secondary calendar that appears in the calendar list as owner', async () => {
    const { data: created } = await client.calendars.insert({
      requestBody: { summary: 'Team', timeZone: 'Europe/Berlin' },
    });
    expect(created.id).toMatch(/@group\.calendar\.google\.com$/);
    const { data: entry } = await client.calendarList.get({ calendarId: created.id! });
    expect(entry).toMatchObject({ summary: 'Team', timeZone: 'Europe/Berlin', accessRole: 'owner' });
    expect(entry.primary).toBeFalsy();
    await expectApiError(client.calendars.insert({ requestBody: { description: 'no title' } }), 400, 'required');
  });

  it('inserts, gets, patches and deletes an event', async () => {
    const { data: event } = await client.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary: 'Planning',
        location: 'Room 1',
        start: { dateTime: '2030-05-06T10:00:00Z' },
        end: { dateTime: '2030-05-06T11:00:00Z' },
      },
    });
    expect(event).toMatchObject({ kind: 'calendar#event', status: 'confirmed', summary: 'Planning', sequence: 0 });
    expect(event.id).toMatch(/^[a-v0-9]{26}$/);
    expect(event.iCalUID).toBe(`${event.id}@google.com`);
    expect(event.organizer).toMatchObject({ email: alice.email, self: true });
    expect(event.creator).toMatchObject({ email: alice.email });

    const { data: fetched } = await client.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(fetched.etag).toBe(event.etag);
    expect(fetched.start?.dateTime).toBe('2030-05-06T10:00:00Z');

    const { data: patched } = await client.events.patch({
      calendarId: 'primary',
      eventId: event.id!,
      requestBody: { start: { dateTime: '2030-05-06T12:00:00Z' }, end: { dateTime: '2030-05-06T13:00:00Z' } },
    });
    expect(patched.summary).toBe('Planning');
    expect(patched.location).toBe('Room 1');
    expect(patched.sequence).toBe(1);
    expect(patched.etag).not.toBe(event.etag);

    await client.events.delete({ calendarId: 'primary', eventId: event.id! });
    const { data: gone } = await client.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(gone.status).toBe('cancelled');
    await expectApiError(client.events.delete({ calendarId: 'primary', eventId: event.id! }), 410, 'deleted');
    const { items } = await listAllEvents(client, { calendarId: 'primary' });
    expect(items.map((e) => e.id)).not.toContain(event.id);
    const withDeleted = await listAllEvents(client, { calendarId: 'primary', showDeleted: true });
    expect(withDeleted.items.find((e) => e.id === event.id)?.status).toBe('cancelled');
  });

  it('lists by time window with exclusive bounds and pages in a stable order', async () => {
    const { data: cal } = await client.calendars.insert({ requestBody: { summary: 'Paging' } });
    const calendarId = cal.id!;
    for (let day = 1; day <= 9; day += 1) {
      await client.events.insert({
        calendarId,
        requestBody: {
          summary: `Day ${day}`,
          start: { dateTime: `2031-01-0${day}T09:00:00Z` },
          end: { dateTime: `2031-01-0${day}T10:00:00Z` },
        },
      });
    }
    // timeMin is an exclusive bound on the end, timeMax on the start.
    const { items: inWindow } = await listAllEvents(client, {
      calendarId,
      timeMin: '2031-01-02T10:00:00Z',
      timeMax: '2031-01-05T09:00:00Z',
    });
    expect(inWindow.map((e) => e.summary).sort()).toEqual(['Day 3', 'Day 4']);

    const all = await listAllEvents(client, { calendarId, maxResults: 2 });
    expect(all.pages).toBe(5);
    expect(all.items).toHaveLength(9);
    expect(new Set(all.items.map((e) => e.id)).size).toBe(9);
    expect(all.nextSyncToken).toBeTruthy();
    const again = await listAllEvents(client, { calendarId, maxResults: 2 });
    expect(again.items.map((e) => e.id)).toEqual(all.items.map((e) => e.id));

    const ordered = await listAllEvents(client, {
      calendarId,
      singleEvents: true,
      orderBy: 'startTime',
      maxResults: 4,
    });
    expect(ordered.items.map((e) => e.summary)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `Day ${d}`));

    await expectApiError(
      client.events.list({ calendarId, timeMin: '2031-01-05T00:00:00Z', timeMax: '2031-01-04T00:00:00Z' }),
      400,
      'timeRangeEmpty',
    );
    await expectApiError(client.events.list({ calendarId, timeMin: '2031-01-05T00:00:00' }), 400);
    await expectApiError(client.events.list({ calendarId, orderBy: 'startTime' }), 400, 'invalid');
    await expectApiError(client.events.list({ calendarId: 'nobody@example.com' }), 404, 'notFound');
  });

  it('reads all-day dates in the calendar time zone, following a change of zone', async () => {
    const { data: cal } = await client.calendars.insert({ requestBody: { summary: 'Days', timeZone: 'UTC' } });
    await client.events.insert({
      calendarId: cal.id!,
      requestBody: { summary: 'Day off', start: { date: '2030-01-10' }, end: { date: '2030-01-11' } },
    });
    const window = { calendarId: cal.id!, timeMin: '2030-01-09T10:00:00Z', timeMax: '2030-01-09T12:00:00Z' };
    expect((await listAllEvents(client, window)).items).toEqual([]);
    await client.calendars.patch({ calendarId: cal.id!, requestBody: { timeZone: 'Pacific/Auckland' } });
    const { items } = await listAllEvents(client, window);
    expect(items.map((e) => [e.summary, e.start?.date])).toEqual([['Day off', '2030-01-10']]);
  });

  it("gives an events list's `updated` as the time its calendar's events last changed, a deletion included", async () => {
    const { data: calendar } = await client.calendars.insert({ requestBody: { summary: 'Updated times' } });
    const calendarId = calendar.id!;
    const listed = async (singleEvents: boolean) =>
      Date.parse((await client.events.list({ calendarId, singleEvents })).data.updated!);
    const created = Date.now();
    expect(Math.abs((await listed(false)) - created)).toBeLessThan(60_000);

    t.advance(3_600_000);
    const { data: event } = await client.events.insert({
      calendarId,
      requestBody: {
        summary: 'Review',
        start: { dateTime: '2031-03-03T10:00:00Z' },
        end: { dateTime: '2031-03-03T11:00:00Z' },
      },
    });
    // Both kinds of listing (the plain one here, the expanded one in a read worker) say the same.
    expect(await listed(false)).toBe(Date.parse(event.updated!));
    expect(await listed(true)).toBe(Date.parse(event.updated!));

    t.advance(3_600_000);
    await client.events.delete({ calendarId, eventId: event.id! });
    const { data: cancelled } = await client.events.get({ calendarId, eventId: event.id! });
    expect(Date.parse(cancelled.updated!)).toBeGreaterThanOrEqual(Date.parse(event.updated!) + 3_600_000);
    expect(await listed(false)).toBe(Date.parse(cancelled.updated!));
    expect(await listed(true)).toBe(Date.parse(cancelled.updated!));
  });
});
