import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { pythonClientRequest, type PythonClientAnswer } from '../http/python-client-request';
import { alice, startCalendarService, type CalendarTestService } from './test-support';

type Event = calendar_v3.Schema$Event;

/** An EventDateTime with its dateTime as an instant: the service writes it in the calendar's zone. */
const when = (edt: calendar_v3.Schema$EventDateTime | undefined) =>
  edt && {
    ...edt,
    ...(edt.dateTime ? { dateTime: new Date(edt.dateTime).toISOString() } : {}),
  };

describe('partial updates and nulls, as Google reads them (Python client wire shape)', () => {
  let t: CalendarTestService;
  let calendarId: string;
  const events = () => `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`;
  const py = (method: string, path: string, body?: unknown): Promise<PythonClientAnswer> =>
    pythonClientRequest(t.service.url, alice.token, method, path, body);
  const ok = (answer: PythonClientAnswer): Event => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Event;
  };
  const insert = async (body: Record<string, unknown>, query = ''): Promise<Event> =>
    ok(await py('POST', `${events()}${query}`, body));
  const patch = (id: string, body: unknown, query = '') => py('PATCH', `${events()}/${id}${query}`, body);
  const get = async (id: string): Promise<Event> => ok(await py('GET', `${events()}/${id}`));

  beforeAll(async () => {
    t = await startCalendarService();
    calendarId = (
      await t.client(alice.token).calendars.insert({ requestBody: { summary: 'Partial', timeZone: 'UTC' } })
    ).data.id!;
  });
  afterAll(async () => t.close());

  it('turns an all-day event into a timed one with the body a Calendar CLI sends (date: null)', async () => {
    const created = await insert({ summary: 'Offsite', start: { date: '2026-12-01' }, end: { date: '2026-12-02' } });
    const answer = await patch(created.id!, {
      start: { date: null, dateTime: '2026-12-01T10:00:00-05:00', timeZone: 'America/New_York' },
      end: { date: null, dateTime: '2026-12-01T11:00:00-05:00', timeZone: 'America/New_York' },
    });
    expect(answer.sent).toContain('{"start": {"date": null, "dateTime": "2026-12-01T10:00:00-05:00"');
    const patched = ok(answer);
    expect(when(patched.start)).toEqual(when({ dateTime: '2026-12-01T10:00:00-05:00', timeZone: 'America/New_York' }));
    expect(when(patched.end)).toEqual(when({ dateTime: '2026-12-01T11:00:00-05:00', timeZone: 'America/New_York' }));
    expect((await get(created.id!)).start).toEqual(patched.start);
    // It is now found at its time, not on the whole day.
    const listed = ok(
      await py('GET', `${events()}?timeMin=2026-12-01T15:30:00Z&timeMax=2026-12-01T15:45:00Z&singleEvents=true`),
    ) as { items?: Event[] };
    expect(listed.items?.map((e) => e.id)).toEqual([created.id]);
  });

  it('turns a timed event back into an all-day one (dateTime and timeZone cleared)', async () => {
    const created = await insert({
      summary: 'Call',
      start: { dateTime: '2026-12-05T10:00:00-05:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-12-05T11:00:00-05:00', timeZone: 'America/New_York' },
    });
    const patched = ok(
      await patch(created.id!, {
        start: { date: '2026-12-05', dateTime: null, timeZone: null },
        end: { date: '2026-12-06', dateTime: null, timeZone: null },
      }),
    );
    expect(patched.start).toEqual({ date: '2026-12-05' });
    expect(patched.end).toEqual({ date: '2026-12-06' });
    // Setting date without clearing dateTime leaves both set, which no event may have.
    const both = await patch(created.id!, { start: { dateTime: '2026-12-05T10:00:00Z' } });
    expect(both.status).toBe(400);
    expect((await get(created.id!)).start).toEqual({ date: '2026-12-05' });
  });

  it('merges a patched start into the stored one: the time zone stays', async () => {
    const created = await insert({
      summary: 'Standup',
      start: { dateTime: '2026-12-07T09:00:00-05:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-12-07T09:15:00-05:00', timeZone: 'America/New_York' },
    });
    const patched = ok(
      await patch(created.id!, {
        start: { dateTime: '2026-12-07T09:05:00-05:00' },
        end: { dateTime: '2026-12-07T09:20:00-05:00' },
      }),
    );
    expect(when(patched.start)).toEqual(when({ dateTime: '2026-12-07T09:05:00-05:00', timeZone: 'America/New_York' }));
    expect(patched.end?.timeZone).toBe('America/New_York');
  });

  it('merges reminders as an object and replaces their overrides whole', async () => {
    const created = await insert({
      summary: 'Dentist',
      start: { dateTime: '2026-12-08T09:00:00Z' },
      end: { dateTime: '2026-12-08T10:00:00Z' },
      reminders: {
        useDefault: false,
        overrides: [
          { method: 'popup', minutes: 10 },
          { method: 'email', minutes: 60 },
        ],
      },
    });
    const replaced = ok(await patch(created.id!, { reminders: { overrides: [{ method: 'popup', minutes: 30 }] } }));
    expect(replaced.reminders).toEqual({ useDefault: false, overrides: [{ method: 'popup', minutes: 30 }] });
    // useDefault alone keeps the stored overrides, and both together are refused, changing nothing.
    const conflicting = await patch(created.id!, { reminders: { useDefault: true } });
    expect(conflicting.status).toBe(400);
    expect((conflicting.body as { error: { errors: { reason: string }[] } }).error.errors[0]?.reason).toBe(
      'cannotUseDefaultRemindersAndSpecifyOverride',
    );
    expect((await get(created.id!)).reminders).toEqual(replaced.reminders);
    const cleared = ok(await patch(created.id!, { reminders: { useDefault: true, overrides: null } }));
    expect(cleared.reminders).toEqual({ useDefault: true });
  });

  it('clears one extended property with null and keeps the others', async () => {
    const created = await insert({
      summary: 'Tagged',
      start: { date: '2026-12-09' },
      end: { date: '2026-12-10' },
      extendedProperties: { private: { a: '1', b: '2' }, shared: { c: '3' } },
    });
    const patched = ok(await patch(created.id!, { extendedProperties: { private: { a: null, d: '4' } } }));
    expect(patched.extendedProperties).toEqual({ private: { b: '2', d: '4' }, shared: { c: '3' } });
  });

  it('reads a nested null on insert as "not set"', async () => {
    const created = await insert(
      {
        summary: 'Nulls inside',
        start: { date: null, dateTime: '2026-12-10T09:00:00Z', timeZone: null },
        end: { date: null, dateTime: '2026-12-10T10:00:00Z', timeZone: null },
        reminders: { useDefault: false, overrides: null },
        extendedProperties: { private: { kept: 'yes', unset: null }, shared: null },
        conferenceData: {
          createRequest: { requestId: 'req-1', conferenceSolutionKey: { type: 'hangoutsMeet' }, status: null },
          notes: null,
        },
        attendees: [{ email: 'bob@example.com', displayName: null, optional: null }],
      },
      '?conferenceDataVersion=1',
    );
    expect(when(created.start)).toEqual(when({ dateTime: '2026-12-10T09:00:00Z' }));
    expect(created.reminders).toEqual({ useDefault: false });
    expect(created.extendedProperties).toEqual({ private: { kept: 'yes' } });
    expect(created.conferenceData?.conferenceId).toBeTruthy();
    expect(created.conferenceData).not.toHaveProperty('notes');
    expect(created.attendees?.[0]).not.toHaveProperty('displayName');
    const stored = await get(created.id!);
    expect(JSON.stringify(stored)).not.toContain('null');
  });

  it('reads a nested null in a full update (PUT) as "not set"', async () => {
    const created = await insert({
      summary: 'Replace me',
      start: { dateTime: '2026-12-11T09:00:00-05:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-12-11T10:00:00-05:00', timeZone: 'America/New_York' },
      reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 5 }] },
    });
    const updated = ok(
      await py('PUT', `${events()}/${created.id!}`, {
        summary: 'Replaced',
        start: { date: null, dateTime: '2026-12-11T14:00:00Z', timeZone: null },
        end: { date: null, dateTime: '2026-12-11T15:00:00Z', timeZone: null },
        reminders: { useDefault: true, overrides: null },
        location: null,
      }),
    );
    expect(when(updated.start)).toEqual(when({ dateTime: '2026-12-11T14:00:00Z' }));
    expect(updated.reminders).toEqual({ useDefault: true });
    expect(updated).not.toHaveProperty('location');
  });

  it('does the same through the official Node client', async () => {
    const api = t.client(alice.token);
    const { data: created } = await api.events.insert({
      calendarId,
      requestBody: { summary: 'Node', start: { date: '2026-12-12' }, end: { date: '2026-12-13' } },
    });
    const { data: timed } = await api.events.patch({
      calendarId,
      eventId: created.id!,
      requestBody: {
        start: { date: null, dateTime: '2026-12-12T10:00:00-05:00', timeZone: 'America/New_York' },
        end: { date: null, dateTime: '2026-12-12T11:00:00-05:00', timeZone: 'America/New_York' },
      },
    });
    expect(when(timed.start)).toEqual(when({ dateTime: '2026-12-12T10:00:00-05:00', timeZone: 'America/New_York' }));
    const { data: moved } = await api.events.patch({
      calendarId,
      eventId: created.id!,
      requestBody: { start: { dateTime: '2026-12-12T10:30:00-05:00' }, end: { dateTime: '2026-12-12T11:30:00-05:00' } },
    });
    expect(when(moved.start)).toEqual(when({ dateTime: '2026-12-12T10:30:00-05:00', timeZone: 'America/New_York' }));
  });

  it('merges a patched ACL scope into the stored one', async () => {
    const acl = `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/acl`;
    const rule = ok(await py('POST', acl, { role: 'reader', scope: { type: 'user', value: 'carol@example.com' } }));
    const patched = ok(
      await py('PATCH', `${acl}/${rule.id!}`, { role: 'writer', scope: { type: 'user' }, etag: null }),
    );
    expect(patched).toMatchObject({ role: 'writer', scope: { type: 'user', value: 'carol@example.com' } });
  });

  it('merges a patched calendar list entry: notificationSettings keeps its notifications', async () => {
    const entry = `/calendar/v3/users/me/calendarList/${encodeURIComponent(calendarId)}`;
    const notifications = [{ type: 'eventCreation', method: 'email' }];
    ok(await py('PATCH', entry, { notificationSettings: { notifications } }));
    const patched = ok(await py('PATCH', entry, { notificationSettings: {}, summaryOverride: 'Mine', hidden: null }));
    expect((patched as calendar_v3.Schema$CalendarListEntry).notificationSettings).toEqual({ notifications });
    const cleared = ok(await py('PATCH', entry, { notificationSettings: { notifications: null } }));
    expect((cleared as calendar_v3.Schema$CalendarListEntry).notificationSettings?.notifications ?? []).toEqual([]);
  });

  it("answers an unusable sync token with Google's documented 410 body", async () => {
    const answer = await py('GET', `${events()}?syncToken=no-longer-valid`);
    expect(answer.status).toBe(410);
    expect(answer.body).toEqual({
      error: {
        code: 410,
        message: 'Sync token is no longer valid, a full sync is required.',
        errors: [
          {
            domain: 'calendar',
            reason: 'fullSyncRequired',
            message: 'Sync token is no longer valid, a full sync is required.',
            locationType: 'parameter',
            location: 'syncToken',
          },
        ],
      },
    });
    const list = await py('GET', `/calendar/v3/users/me/calendarList?syncToken=no-longer-valid`);
    expect(list.status).toBe(410);
    expect(list.body).toEqual(answer.body);
  });
});
