import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import {
  alice,
  bob,
  carol,
  expectApiError,
  listAllEvents,
  startCalendarService,
  type CalendarTestService,
} from './test-support';

describe('sharing a calendar between users of the service', () => {
  let t: CalendarTestService;
  let asAlice: calendar_v3.Calendar;
  let asBob: calendar_v3.Calendar;
  let asCarol: calendar_v3.Calendar;
  let shared: string;
  let privateEventId: string;

  beforeAll(async () => {
    t = await startCalendarService();
    asAlice = t.client(alice.token);
    asBob = t.client(bob.token);
    asCarol = t.client(carol.token);
    const { data } = await asAlice.calendars.insert({ requestBody: { summary: 'Family', timeZone: 'UTC' } });
    shared = data.id!;
    await asAlice.events.insert({
      calendarId: shared,
      requestBody: {
        summary: 'Picnic',
        start: { dateTime: '2030-06-01T10:00:00Z' },
        end: { dateTime: '2030-06-01T12:00:00Z' },
      },
    });
    const { data: secret } = await asAlice.events.insert({
      calendarId: shared,
      requestBody: {
        summary: 'Surprise party',
        description: 'Do not tell',
        visibility: 'private',
        start: { dateTime: '2030-06-02T18:00:00Z' },
        end: { dateTime: '2030-06-02T22:00:00Z' },
      },
    });
    privateEventId = secret.id!;
  });
  afterAll(async () => t.close());

  it('hides a calendar from users without access', async () => {
    await expectApiError(asBob.events.list({ calendarId: shared }), 404, 'notFound');
    await expectApiError(asBob.calendars.get({ calendarId: shared }), 404, 'notFound');
    await expectApiError(asBob.calendarList.get({ calendarId: shared }), 404, 'notFound');
    await expectApiError(asBob.calendarList.insert({ requestBody: { id: shared } }), 404, 'notFound');
  });

  it('a reader gets a calendar list entry, sees private events without details and cannot write', async () => {
    const { data: rule } = await asAlice.acl.insert({
      calendarId: shared,
      requestBody: { role: 'reader', scope: { type: 'user', value: bob.email } },
    });
    expect(rule).toMatchObject({ kind: 'calendar#aclRule', id: `user:${bob.email}`, role: 'reader' });

    const { data: entry } = await asBob.calendarList.get({ calendarId: shared });
    expect(entry).toMatchObject({ id: shared, summary: 'Family', accessRole: 'reader' });
    expect(entry.primary).toBeFalsy();

    const { items } = await listAllEvents(asBob, { calendarId: shared });
    expect(items.map((e) => e.summary).sort()).toEqual(['Picnic', undefined].sort());
    const hidden = items.find((e) => e.id === privateEventId);
    expect(hidden).toMatchObject({ visibility: 'private', start: { dateTime: '2030-06-02T18:00:00Z' } });
    expect(hidden?.summary).toBeUndefined();
    expect(hidden?.description).toBeUndefined();

    await expectApiError(
      asBob.events.insert({
        calendarId: shared,
        requestBody: { summary: 'x', start: { date: '2030-06-03' }, end: { date: '2030-06-04' } },
      }),
      403,
      'requiredAccessLevel',
    );
    await expectApiError(asBob.acl.list({ calendarId: shared }), 403, 'requiredAccessLevel');
    await expectApiError(
      asBob.calendars.patch({ calendarId: shared, requestBody: { summary: 'Mine' } }),
      403,
      'requiredAccessLevel',
    );
  });

  it('a writer writes and sees private details; only an owner manages rules', async () => {
    await asAlice.acl.patch({ calendarId: shared, ruleId: `user:${bob.email}`, requestBody: { role: 'writer' } });
    const { data: entry } = await asBob.calendarList.get({ calendarId: shared });
    expect(entry.accessRole).toBe('writer');
    const { data: secret } = await asBob.events.get({ calendarId: shared, eventId: privateEventId });
    expect(secret.summary).toBe('Surprise party');
    const { data: added } = await asBob.events.insert({
      calendarId: shared,
      requestBody: { summary: 'Bob brings cake', start: { date: '2030-06-02' }, end: { date: '2030-06-03' } },
    });
    expect(added.creator?.email).toBe(bob.email);
    expect(added.organizer?.email).toBe(shared);
    await expectApiError(
      asBob.acl.insert({
        calendarId: shared,
        requestBody: { role: 'reader', scope: { type: 'user', value: carol.email } },
      }),
      403,
      'requiredAccessLevel',
    );
    await expectApiError(asBob.calendars.delete({ calendarId: shared }), 403, 'requiredAccessLevel');
  });

  it('a free/busy reader sees only busy time', async () => {
    await asAlice.acl.insert({
      calendarId: shared,
      requestBody: { role: 'freeBusyReader', scope: { type: 'user', value: carol.email } },
    });
    const { data: entry } = await asCarol.calendarList.get({ calendarId: shared });
    expect(entry.accessRole).toBe('freeBusyReader');
    const { items } = await listAllEvents(asCarol, { calendarId: shared });
    expect(items.length).toBe(3);
    for (const item of items) {
      expect(item.summary).toBeUndefined();
      expect(item.start).toBeDefined();
    }
    const { data: fb } = await asCarol.freebusy.query({
      requestBody: { timeMin: '2030-06-01T00:00:00Z', timeMax: '2030-06-02T00:00:00Z', items: [{ id: shared }] },
    });
    expect(fb.calendars?.[shared]?.busy).toEqual([{ start: '2030-06-01T10:00:00Z', end: '2030-06-01T12:00:00Z' }]);
  });

  it('reads and replaces a rule', async () => {
    const { data: rule } = await asAlice.acl.get({ calendarId: shared, ruleId: `user:${carol.email}` });
    expect(rule).toMatchObject({ role: 'freeBusyReader', scope: { type: 'user', value: carol.email } });
    const { data: replaced } = await asAlice.acl.update({
      calendarId: shared,
      ruleId: `user:${carol.email}`,
      requestBody: { role: 'reader', scope: { type: 'user', value: carol.email } },
    });
    expect(replaced.role).toBe('reader');
    expect(replaced.etag).not.toBe(rule.etag);
    await expectApiError(
      asAlice.acl.update({
        calendarId: shared,
        ruleId: `user:${carol.email}`,
        requestBody: { role: 'reader', scope: { type: 'user', value: bob.email } },
      }),
      400,
      'invalid',
    );
    await expectApiError(
      asAlice.acl.update({ calendarId: shared, ruleId: `user:${carol.email}`, requestBody: {} }),
      400,
      'invalid',
    );
    await asAlice.acl.update({
      calendarId: shared,
      ruleId: `user:${carol.email}`,
      requestBody: { role: 'freeBusyReader', scope: { type: 'user', value: carol.email } },
    });
    const { data: entry } = await asCarol.calendarList.get({ calendarId: shared });
    expect(entry.accessRole).toBe('freeBusyReader');
  });

  it('lists rules, filters the calendar list by access role and protects the owner', async () => {
    const { data: acl } = await asAlice.acl.list({ calendarId: shared });
    const roles = Object.fromEntries((acl.items ?? []).map((r) => [r.id, r.role]));
    expect(roles).toEqual({
      [`user:${alice.email}`]: 'owner',
      [`user:${bob.email}`]: 'writer',
      [`user:${carol.email}`]: 'freeBusyReader',
    });
    const { data: writers } = await asCarol.calendarList.list({ minAccessRole: 'reader' });
    expect(writers.items?.map((e) => e.id)).not.toContain(shared);
    const { data: any } = await asCarol.calendarList.list({ minAccessRole: 'freeBusyReader' });
    expect(any.items?.map((e) => e.id)).toContain(shared);
    await expectApiError(
      asAlice.acl.delete({ calendarId: shared, ruleId: `user:${alice.email}` }),
      403,
      'cannotChangeOwnAcl',
    );
    await expectApiError(
      asAlice.acl.insert({
        calendarId: shared,
        requestBody: { role: 'boss', scope: { type: 'user', value: carol.email } },
      }),
      400,
      'invalid',
    );
    await expectApiError(
      asAlice.acl.insert({
        calendarId: shared,
        requestBody: { role: 'reader', scope: { type: 'user', value: 'not-an-email' } },
      }),
      400,
      'invalid',
    );
  });

  it('deleting a rule leaves role none and removes the calendar from the user list', async () => {
    await asAlice.acl.delete({ calendarId: shared, ruleId: `user:${carol.email}` });
    await expectApiError(asAlice.acl.get({ calendarId: shared, ruleId: `user:${carol.email}` }), 404, 'notFound');
    const { data: visible } = await asAlice.acl.list({ calendarId: shared });
    expect(visible.items?.map((r) => r.id)).not.toContain(`user:${carol.email}`);
    const { data: withDeleted } = await asAlice.acl.list({ calendarId: shared, showDeleted: true });
    expect(withDeleted.items?.find((r) => r.id === `user:${carol.email}`)?.role).toBe('none');

    await expectApiError(asCarol.events.list({ calendarId: shared }), 404, 'notFound');
    const { data: list } = await asCarol.calendarList.list();
    expect(list.items?.map((e) => e.id)).not.toContain(shared);
    const { data: listDeleted } = await asCarol.calendarList.list({ showDeleted: true });
    expect(listDeleted.items?.find((e) => e.id === shared)).toMatchObject({ deleted: true });
  });

  it('domain and default rules grant access without a list entry until the user adds one', async () => {
    const { data: team } = await asAlice.calendars.insert({ requestBody: { summary: 'Public holidays' } });
    await asAlice.acl.insert({ calendarId: team.id!, requestBody: { role: 'reader', scope: { type: 'default' } } });
    const { data: before } = await asCarol.calendarList.list();
    expect(before.items?.map((e) => e.id)).not.toContain(team.id);
    await asCarol.events.list({ calendarId: team.id! });
    const { data: added } = await asCarol.calendarList.insert({
      requestBody: { id: team.id!, summaryOverride: 'Holidays' },
    });
    expect(added).toMatchObject({ id: team.id, accessRole: 'reader', summaryOverride: 'Holidays' });
    const { data: domainRule } = await asAlice.acl.insert({
      calendarId: team.id!,
      requestBody: { role: 'writer', scope: { type: 'domain', value: 'example.com' } },
    });
    expect(domainRule.id).toBe('domain:example.com');
    const { data: entry } = await asCarol.calendarList.get({ calendarId: team.id! });
    expect(entry.accessRole).toBe('writer');
  });

  it("edits the user's own view: summaryOverride, colors, hidden, reminders", async () => {
    const { data: patched } = await asBob.calendarList.patch({
      calendarId: shared,
      requestBody: {
        summaryOverride: 'Alice family',
        colorId: '7',
        defaultReminders: [{ method: 'popup', minutes: 15 }],
      },
    });
    expect(patched).toMatchObject({
      summaryOverride: 'Alice family',
      colorId: '7',
      backgroundColor: '#42d692',
      summary: 'Family',
    });
    expect(patched.defaultReminders).toEqual([{ method: 'popup', minutes: 15 }]);
    const { data: aliceView } = await asAlice.calendarList.get({ calendarId: shared });
    expect(aliceView.summaryOverride).toBeUndefined();

    await expectApiError(
      asBob.calendarList.patch({ calendarId: shared, requestBody: { backgroundColor: '#123456' } }),
      400,
      'invalid',
    );
    const { data: rgb } = await asBob.calendarList.patch({
      calendarId: shared,
      colorRgbFormat: true,
      requestBody: { backgroundColor: '#f83a20', foregroundColor: '#000000' },
    });
    expect(rgb).toMatchObject({ backgroundColor: '#f83a20', foregroundColor: '#000000', colorId: '3' });
    await expectApiError(
      asBob.calendarList.patch({ calendarId: shared, colorRgbFormat: true, requestBody: { backgroundColor: 'red' } }),
      400,
      'invalid',
    );
    await expectApiError(
      asBob.calendarList.patch({ calendarId: shared, requestBody: { colorId: '99' } }),
      400,
      'invalid',
    );
    await expectApiError(
      asBob.calendarList.patch({
        calendarId: shared,
        requestBody: { defaultReminders: [{ method: 'sms', minutes: 5 }] },
      }),
      400,
      'invalid',
    );
    const { data: unchanged } = await asBob.calendarList.get({ calendarId: shared });
    expect(unchanged.colorId).toBe('3');
    expect(unchanged.defaultReminders).toEqual([{ method: 'popup', minutes: 15 }]);

    // PUT replaces the user's fields: what the body leaves out goes back to its default.
    const { data: replaced } = await asBob.calendarList.update({
      calendarId: shared,
      colorRgbFormat: true,
      requestBody: { backgroundColor: '#9fe1e7', foregroundColor: '#1d1d1d', selected: false },
    });
    expect(replaced).toMatchObject({ colorId: '14', backgroundColor: '#9fe1e7', defaultReminders: [] });
    expect(replaced.summaryOverride).toBeUndefined();
    expect(replaced.selected).toBeFalsy();
    await asBob.calendarList.patch({
      calendarId: shared,
      requestBody: { colorId: '3', defaultReminders: [{ method: 'popup', minutes: 15 }] },
    });

    await asBob.calendarList.patch({ calendarId: shared, requestBody: { hidden: true } });
    const { data: list } = await asBob.calendarList.list();
    expect(list.items?.map((e) => e.id)).not.toContain(shared);
    const { data: withHidden } = await asBob.calendarList.list({ showHidden: true });
    expect(withHidden.items?.find((e) => e.id === shared)?.hidden).toBe(true);

    await asBob.calendarList.delete({ calendarId: shared });
    await expectApiError(asBob.calendarList.get({ calendarId: shared }), 404, 'notFound');
    await asBob.calendarList.insert({ requestBody: { id: shared } });
    const { data: back } = await asBob.calendarList.get({ calendarId: shared });
    expect(back.accessRole).toBe('writer');
    await expectApiError(asBob.calendarList.delete({ calendarId: 'primary' }), 400, 'cannotRemovePrimaryCalendar');
  });

  it('updates calendar metadata, refuses to delete a primary calendar, clears it and deletes secondaries', async () => {
    const { data: updated } = await asAlice.calendars.update({
      calendarId: shared,
      requestBody: { summary: 'Family & friends', description: 'Everyone', timeZone: 'Europe/Paris' },
    });
    expect(updated).toMatchObject({ summary: 'Family & friends', description: 'Everyone', timeZone: 'Europe/Paris' });
    const { data: bobView } = await asBob.calendarList.get({ calendarId: shared });
    expect(bobView.summary).toBe('Family & friends');
    await expectApiError(
      asAlice.calendars.patch({ calendarId: shared, requestBody: { timeZone: 'Mars/Base' } }),
      400,
      'invalid',
    );

    await expectApiError(asAlice.calendars.delete({ calendarId: 'primary' }), 400, 'cannotDeletePrimaryCalendar');
    await asAlice.events.insert({
      calendarId: 'primary',
      requestBody: { summary: 'Mine', start: { date: '2030-01-01' }, end: { date: '2030-01-02' } },
    });
    await asAlice.calendars.clear({ calendarId: 'primary' });
    expect((await listAllEvents(asAlice, { calendarId: 'primary' })).items).toEqual([]);
    await expectApiError(asAlice.calendars.clear({ calendarId: shared }), 400);

    await asAlice.calendars.delete({ calendarId: shared });
    await expectApiError(asAlice.calendars.get({ calendarId: shared }), 404, 'notFound');
    const { data: bobList } = await asBob.calendarList.list({ showDeleted: true });
    expect(bobList.items?.find((e) => e.id === shared)).toMatchObject({ deleted: true });
  });
});
