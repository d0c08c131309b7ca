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

const RETENTION_MS = 60 * 60 * 1000;

describe('incremental synchronization with sync tokens', () => {
  let t: CalendarTestService;
  let asAlice: calendar_v3.Calendar;
  let asBob: calendar_v3.Calendar;
  let calendarId: string;

  const insert = async (summary: string, day: number, extra: calendar_v3.Schema$Event = {}) =>
    (
      await asAlice.events.insert({
        calendarId,
        requestBody: {
          summary,
          start: { dateTime: `2030-03-${String(day).padStart(2, '0')}T09:00:00Z` },
          end: { dateTime: `2030-03-${String(day).padStart(2, '0')}T10:00:00Z` },
          ...extra,
        },
      })
    ).data;

  beforeAll(async () => {
    t = await startCalendarService({ config: { syncTokenRetentionMs: RETENTION_MS } });
    asAlice = t.client(alice.token);
    asBob = t.client(bob.token);
    calendarId = (await asAlice.calendars.insert({ requestBody: { summary: 'Sync' } })).data.id!;
  });
  afterAll(async () => t.close());

  it('returns exactly what changed since the token, deletions included', async () => {
    const kept = await insert('Kept', 1);
    const edited = await insert('Edited', 2);
    const removed = await insert('Removed', 3);
    const full = await listAllEvents(asAlice, { calendarId });
    expect(full.items).toHaveLength(3);
    const token = full.nextSyncToken!;

    const added = await insert('Added', 4);
    await asAlice.events.patch({ calendarId, eventId: edited.id!, requestBody: { summary: 'Edited twice' } });
    await asAlice.events.delete({ calendarId, eventId: removed.id! });

    const delta = await listAllEvents(asAlice, { calendarId, syncToken: token });
    const byId = Object.fromEntries(delta.items.map((e) => [e.id, e]));
    expect(Object.keys(byId).sort()).toEqual([added.id, edited.id, removed.id].sort());
    expect(byId[edited.id!]?.summary).toBe('Edited twice');
    expect(byId[removed.id!]?.status).toBe('cancelled');
    expect(byId[kept.id!]).toBeUndefined();

    const quiet = await listAllEvents(asAlice, { calendarId, syncToken: delta.nextSyncToken! });
    expect(quiet.items).toEqual([]);
    expect(quiet.nextSyncToken).toBeTruthy();

    // Paged incremental sync covers every change once.
    for (let day = 10; day < 17; day += 1) await insert(`Burst ${day}`, day);
    const paged = await listAllEvents(asAlice, { calendarId, syncToken: quiet.nextSyncToken!, maxResults: 2 });
    expect(paged.pages).toBe(4);
    expect(paged.items.map((e) => e.summary)).toEqual([10, 11, 12, 13, 14, 15, 16].map((d) => `Burst ${d}`));

    // updatedMin also returns deleted events, without showDeleted.
    const before = new Date(Date.now() - 1000).toISOString();
    const gone = await insert('Gone soon', 20);
    await asAlice.events.delete({ calendarId, eventId: gone.id! });
    const recent = await listAllEvents(asAlice, { calendarId, updatedMin: before });
    expect(recent.items.find((e) => e.id === gone.id)?.status).toBe('cancelled');
  });

  it('rejects every parameter that cannot accompany a sync token', async () => {
    const { nextSyncToken: token } = await listAllEvents(asAlice, { calendarId });
    const forbidden: calendar_v3.Params$Resource$Events$List[] = [
      { iCalUID: 'x@example.com' },
      { orderBy: 'updated' },
      { privateExtendedProperty: ['a=b'] },
      { q: 'text' },
      { sharedExtendedProperty: ['a=b'] },
      { timeMin: '2030-01-01T00:00:00Z' },
      { timeMax: '2030-01-01T00:00:00Z' },
      { updatedMin: '2030-01-01T00:00:00Z' },
      { showDeleted: false },
    ];
    for (const params of forbidden) {
      await expectApiError(asAlice.events.list({ calendarId, syncToken: token!, ...params }), 400, 'invalid');
    }
    await expectApiError(asAlice.calendarList.list({ syncToken: 'x', minAccessRole: 'reader' }), 400, 'invalid');
    const { data: list } = await asAlice.calendarList.list();
    await expectApiError(
      asAlice.calendarList.list({ syncToken: list.nextSyncToken!, showDeleted: false }),
      400,
      'invalid',
    );
    await expectApiError(
      asAlice.calendarList.list({ syncToken: list.nextSyncToken!, showHidden: false }),
      400,
      'invalid',
    );
    const { data: acl } = await asAlice.acl.list({ calendarId });
    await expectApiError(
      asAlice.acl.list({ calendarId, syncToken: acl.nextSyncToken!, showDeleted: false }),
      400,
      'invalid',
    );
  });

  it('answers 410 fullSyncRequired for unknown, foreign and expired tokens', async () => {
    await expectApiError(asAlice.events.list({ calendarId, syncToken: 'not-a-token' }), 410, 'fullSyncRequired');
    const { nextSyncToken: primaryToken } = await listAllEvents(asAlice, { calendarId: 'primary' });
    await expectApiError(asAlice.events.list({ calendarId, syncToken: primaryToken! }), 410, 'fullSyncRequired');
    const { nextSyncToken: token } = await listAllEvents(asAlice, { calendarId });
    await asAlice.events.list({ calendarId, syncToken: token! });
    t.advance(RETENTION_MS + 1000);
    await expectApiError(asAlice.events.list({ calendarId, syncToken: token! }), 410, 'fullSyncRequired');
    const { data: settings } = await asAlice.settings.list();
    t.advance(RETENTION_MS + 1000);
    await expectApiError(asAlice.settings.list({ syncToken: settings.nextSyncToken! }), 410, 'fullSyncRequired');
  });

  it('syncs the calendar list: new shares and deletions, but not read-only calendar changes', async () => {
    const { data: start } = await asBob.calendarList.list();
    await asAlice.acl.insert({
      calendarId,
      requestBody: { role: 'reader', scope: { type: 'user', value: bob.email } },
    });
    const { data: afterShare } = await asBob.calendarList.list({ syncToken: start.nextSyncToken! });
    expect(afterShare.items?.map((e) => [e.id, e.accessRole])).toEqual([[calendarId, 'reader']]);

    await asAlice.calendars.patch({ calendarId, requestBody: { summary: 'Renamed' } });
    await asAlice.acl.patch({ calendarId, ruleId: `user:${bob.email}`, requestBody: { role: 'writer' } });
    const { data: readOnly } = await asBob.calendarList.list({ syncToken: afterShare.nextSyncToken! });
    expect(readOnly.items).toEqual([]);

    await asBob.calendarList.patch({ calendarId, requestBody: { hidden: true } });
    await asAlice.acl.delete({ calendarId, ruleId: `user:${bob.email}` });
    const { data: removed } = await asBob.calendarList.list({ syncToken: readOnly.nextSyncToken! });
    expect(removed.items).toEqual([expect.objectContaining({ id: calendarId, deleted: true })]);
  });

  it('syncs ACL rules, reporting deleted ones as role none', async () => {
    const { data: start } = await asAlice.acl.list({ calendarId });
    await asAlice.acl.insert({
      calendarId,
      requestBody: { role: 'reader', scope: { type: 'domain', value: 'example.org' } },
    });
    const { data: delta } = await asAlice.acl.list({ calendarId, syncToken: start.nextSyncToken! });
    expect(delta.items?.map((r) => [r.id, r.role])).toEqual([['domain:example.org', 'reader']]);
    await asAlice.acl.delete({ calendarId, ruleId: 'domain:example.org' });
    const { data: deleted } = await asAlice.acl.list({ calendarId, syncToken: delta.nextSyncToken! });
    expect(deleted.items?.map((r) => [r.id, r.role])).toEqual([['domain:example.org', 'none']]);
  });

  it('syncs settings', async () => {
    const { data: full } = await asAlice.settings.list({ maxResults: 5 });
    expect(full.items).toHaveLength(5);
    expect(full.nextPageToken).toBeTruthy();
    const { data: rest } = await asAlice.settings.list({ maxResults: 250, pageToken: full.nextPageToken! });
    expect(rest.nextSyncToken).toBeTruthy();
    const { data: delta } = await asAlice.settings.list({ syncToken: rest.nextSyncToken! });
    expect(delta.items).toEqual([]);
    const { data: one } = await asAlice.settings.get({ setting: 'timezone' });
    expect(one).toMatchObject({ kind: 'calendar#setting', id: 'timezone', value: 'UTC' });
    await expectApiError(asAlice.settings.get({ setting: 'noSuchSetting' }), 404, 'notFound');
  });
});
