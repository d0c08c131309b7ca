import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { alice, bob, carol, listAllEvents, startCalendarService, type CalendarTestService } from './test-support';

/**
 * Listings answer stored events from a cache of their rendered JSON. Whatever the order of
 * requests, each answer must be what this viewer, with these parameters, should see now.
 */
describe('listing events from the rendering cache', () => {
  let t: CalendarTestService;
  let asAlice: calendar_v3.Calendar;
  let asBob: calendar_v3.Calendar;
  let calendarId: string;
  let privateId: string;
  let meetingId: string;

  beforeAll(async () => {
    t = await startCalendarService();
    asAlice = t.client(alice.token);
    asBob = t.client(bob.token);
    const { data } = await asAlice.calendars.insert({ requestBody: { summary: 'Cached', timeZone: 'UTC' } });
    calendarId = data.id!;
    for (let i = 0; i < 7; i++) {
      await asAlice.events.insert({
        calendarId,
        requestBody: {
          summary: `Event ${i}`,
          start: { dateTime: `2030-08-0${i + 1}T09:00:00Z` },
          end: { dateTime: `2030-08-0${i + 1}T10:00:00Z` },
        },
      });
    }
    const { data: secret } = await asAlice.events.insert({
      calendarId,
      requestBody: {
        summary: 'Secret',
        description: 'hush',
        visibility: 'private',
        start: { dateTime: '2030-08-09T09:00:00Z' },
        end: { dateTime: '2030-08-09T10:00:00Z' },
      },
    });
    privateId = secret.id!;
    const { data: meeting } = await asAlice.events.insert({
      calendarId,
      requestBody: {
        summary: 'Meeting',
        attendees: [{ email: alice.email }, { email: carol.email }, { email: 'x@elsewhere.test' }],
        start: { date: '2030-08-10' },
        end: { date: '2030-08-11' },
      },
    });
    meetingId = meeting.id!;
    await asAlice.acl.insert({
      calendarId,
      requestBody: { role: 'reader', scope: { type: 'user', value: bob.email } },
    });
  });
  afterAll(async () => t.close());

  const byId = (items: calendar_v3.Schema$Event[]) => new Map(items.map((e) => [e.id!, e]));

  it('renders per role: a reader listing after the owner sees private events without details, and back', async () => {
    const owner = byId((await listAllEvents(asAlice, { calendarId })).items);
    expect(owner.get(privateId)).toMatchObject({ summary: 'Secret', description: 'hush' });
    const reader = byId((await listAllEvents(asBob, { calendarId })).items);
    expect(reader.get(privateId)?.summary).toBeUndefined();
    expect(reader.get(privateId)?.description).toBeUndefined();
    expect(reader.size).toBe(owner.size);
    expect(byId((await listAllEvents(asAlice, { calendarId })).items).get(privateId)?.summary).toBe('Secret');
  });

  it('renders per time zone and attendee limit, and follows a change of the calendar zone', async () => {
    const utc = byId((await listAllEvents(asAlice, { calendarId })).items);
    const tokyo = byId((await listAllEvents(asAlice, { calendarId, timeZone: 'Asia/Tokyo' })).items);
    const [someId] = [...utc.keys()].filter((id) => id !== meetingId);
    expect(utc.get(someId!)?.start?.dateTime).toMatch(/T09:00:00Z$/);
    expect(tokyo.get(someId!)?.start?.dateTime).toMatch(/T18:00:00\+09:00$/);

    const limited = byId((await listAllEvents(asAlice, { calendarId, maxAttendees: 1 })).items);
    // The calendar is not an attendee itself, so no entry is its own: all are omitted.
    expect(limited.get(meetingId)).toMatchObject({ attendeesOmitted: true, attendees: [] });
    expect(byId((await listAllEvents(asAlice, { calendarId })).items).get(meetingId)?.attendees).toHaveLength(3);

    await asAlice.calendars.patch({ calendarId, requestBody: { timeZone: 'America/New_York' } });
    const newYork = byId((await listAllEvents(asAlice, { calendarId })).items);
    expect(newYork.get(someId!)?.start?.dateTime).toMatch(/T05:00:00-04:00$/);
    expect(newYork.get(meetingId)?.start).toEqual({ date: '2030-08-10' });
    await asAlice.calendars.patch({ calendarId, requestBody: { timeZone: 'UTC' } });
  });

  it('answers events.get from the same cache: per viewer and zone, the new version after a write, pretty or selected', async () => {
    const get = (as: calendar_v3.Calendar, eventId: string, extra: calendar_v3.Params$Resource$Events$Get = {}) =>
      as.events.get({ calendarId, eventId, ...extra }).then((r) => r.data);
    const listed = byId((await listAllEvents(asAlice, { calendarId })).items);
    // What a listing cached, a get answers alike (and the other way round for a fresh viewer).
    expect(await get(asAlice, privateId)).toEqual(listed.get(privateId));
    const asReader = await get(asBob, privateId);
    expect(asReader.summary).toBeUndefined();
    expect(asReader.description).toBeUndefined();
    expect(byId((await listAllEvents(asBob, { calendarId })).items).get(privateId)).toEqual(asReader);
    expect((await get(asAlice, privateId)).description).toBe('hush');
    expect((await get(asAlice, privateId, { timeZone: 'Asia/Tokyo' })).start?.dateTime).toBe(
      '2030-08-09T18:00:00+09:00',
    );
    expect((await get(asAlice, meetingId, { maxAttendees: 1 })).attendeesOmitted).toBe(true);

    const { data: patched } = await asAlice.events.patch({
      calendarId,
      eventId: privateId,
      requestBody: { description: 'told' },
    });
    const after = await get(asAlice, privateId);
    expect(after).toMatchObject({ description: 'told', etag: patched.etag });
    expect(await get(asAlice, privateId, { fields: 'description' })).toEqual({ description: 'told' });

    const url = `${t.service.url}/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events/${privateId}`;
    const pretty = await fetch(`${url}?prettyPrint=true`, { headers: { Authorization: `Bearer ${alice.token}` } });
    const text = await pretty.text();
    expect(text).toBe(JSON.stringify(after, null, 2));
    expect(pretty.headers.get('etag')).toBe(patched.etag);
    const unchanged = await fetch(url, {
      headers: { Authorization: `Bearer ${alice.token}`, 'If-None-Match': patched.etag! },
    });
    expect(unchanged.status).toBe(304);
  });

  it('answers the new version of an event after a write, and pages over the listing consistently', async () => {
    const before = (await listAllEvents(asAlice, { calendarId })).items;
    const target = before[3]!;
    const { data: patched } = await asAlice.events.patch({
      calendarId,
      eventId: target.id!,
      requestBody: { summary: 'Renamed' },
    });
    const after = byId((await listAllEvents(asAlice, { calendarId })).items);
    expect(after.get(target.id!)).toMatchObject({ summary: 'Renamed', etag: patched.etag });
    expect(patched.etag).not.toBe(target.etag);

    await asAlice.events.delete({ calendarId, eventId: target.id! });
    const paged = await listAllEvents(asAlice, { calendarId, maxResults: 2 });
    expect(paged.pages).toBe(Math.ceil((before.length - 1) / 2));
    expect(paged.items.map((e) => e.id)).toEqual(before.map((e) => e.id).filter((id) => id !== target.id));
    const withDeleted = await listAllEvents(asAlice, { calendarId, maxResults: 2, showDeleted: true });
    expect(byId(withDeleted.items).get(target.id!)?.status).toBe('cancelled');
    expect(withDeleted.items).toHaveLength(before.length);
  });
});
