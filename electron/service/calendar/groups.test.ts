import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { calendarGroupMembers, setCalendarGroupMembers } from './index';
import { alice, bob, carol, expectApiError, startCalendarService, type CalendarTestService } from './test-support';

const team = 'team@example.com';

describe('groups in ACL rules and free/busy', () => {
  let t: CalendarTestService;
  let asAlice: calendar_v3.Calendar;
  let asBob: calendar_v3.Calendar;
  let asCarol: calendar_v3.Calendar;
  let shared: string;

  beforeAll(async () => {
    t = await startCalendarService();
    asAlice = t.client(alice.token);
    asBob = t.client(bob.token);
    asCarol = t.client(carol.token);
    setCalendarGroupMembers(t.service.context, team, [bob.email, 'Carol@Example.com']);
    const { data } = await asAlice.calendars.insert({ requestBody: { summary: 'Team plans', timeZone: 'UTC' } });
    shared = data.id!;
    await asAlice.events.insert({
      calendarId: shared,
      requestBody: {
        summary: 'Kick-off',
        start: { dateTime: '2030-07-01T09:00:00Z' },
        end: { dateTime: '2030-07-01T10:00:00Z' },
      },
    });
  });
  afterAll(async () => t.close());

  it('keeps members lower-cased and refuses malformed addresses', () => {
    expect(calendarGroupMembers(t.service.context, team)).toEqual([bob.email, carol.email]);
    expect(() => setCalendarGroupMembers(t.service.context, 'not-an-address', [bob.email])).toThrow(
      /Invalid group address/,
    );
    expect(() => setCalendarGroupMembers(t.service.context, team, ['nobody'])).toThrow(/Invalid group member/);
    expect(calendarGroupMembers(t.service.context, team)).toEqual([bob.email, carol.email]);
  });

  it("grants a group rule's role to every member, who sees the calendar in their list", async () => {
    await expectApiError(asBob.events.list({ calendarId: shared }), 404, 'notFound');
    const { data: rule } = await asAlice.acl.insert({
      calendarId: shared,
      requestBody: { role: 'reader', scope: { type: 'group', value: team } },
    });
    expect(rule).toMatchObject({ id: `group:${team}`, role: 'reader', scope: { type: 'group', value: team } });
    for (const member of [asBob, asCarol]) {
      const { data: entry } = await member.calendarList.get({ calendarId: shared });
      expect(entry).toMatchObject({ id: shared, accessRole: 'reader' });
      const { data: events } = await member.events.list({ calendarId: shared });
      expect(events.items?.map((e) => e.summary)).toEqual(['Kick-off']);
      await expectApiError(
        member.events.insert({
          calendarId: shared,
          requestBody: { start: { date: '2030-07-02' }, end: { date: '2030-07-03' } },
        }),
        403,
        'requiredAccessLevel',
      );
    }
    // A user rule and a group rule together: the stronger one wins.
    await asAlice.acl.insert({
      calendarId: shared,
      requestBody: { role: 'writer', scope: { type: 'user', value: bob.email } },
    });
    expect((await asBob.calendarList.get({ calendarId: shared })).data.accessRole).toBe('writer');
    await expectApiError(
      asAlice.acl.insert({
        calendarId: shared,
        requestBody: { role: 'reader', scope: { type: 'group', value: 'no address' } },
      }),
      400,
      'invalid',
    );
  });

  it('follows membership changes and the removal of the rule', async () => {
    setCalendarGroupMembers(t.service.context, team, [bob.email]);
    await expectApiError(asCarol.calendarList.get({ calendarId: shared }), 404, 'notFound');
    await expectApiError(asCarol.events.list({ calendarId: shared }), 404, 'notFound');
    const { data: carolsList } = await asCarol.calendarList.list({ showDeleted: true });
    expect(carolsList.items?.find((e) => e.id === shared)?.deleted).toBe(true);

    setCalendarGroupMembers(t.service.context, team, [bob.email, carol.email]);
    expect((await asCarol.calendarList.get({ calendarId: shared })).data.accessRole).toBe('reader');

    await asAlice.acl.delete({ calendarId: shared, ruleId: `group:${team}` });
    await expectApiError(asCarol.events.list({ calendarId: shared }), 404, 'notFound');
    // Bob keeps his own rule.
    expect((await asBob.calendarList.get({ calendarId: shared })).data.accessRole).toBe('writer');
  });

  it("expands a group in a free/busy query to its members' calendars, or reports groupTooBig", async () => {
    await asBob.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary: 'Dentist',
        start: { dateTime: '2030-07-01T14:00:00Z' },
        end: { dateTime: '2030-07-01T15:00:00Z' },
      },
    });
    await asBob.acl.insert({
      calendarId: 'primary',
      requestBody: { role: 'freeBusyReader', scope: { type: 'user', value: alice.email } },
    });
    const query = (groupExpansionMax?: number) =>
      asAlice.freebusy.query({
        requestBody: {
          timeMin: '2030-07-01T00:00:00Z',
          timeMax: '2030-07-02T00:00:00Z',
          items: [{ id: team }, { id: 'primary' }],
          ...(groupExpansionMax !== undefined ? { groupExpansionMax } : {}),
        },
      });
    const { data } = await query();
    expect(data.groups?.[team]).toEqual({ calendars: [bob.email, carol.email] });
    expect(data.calendars?.[bob.email]).toEqual({
      busy: [{ start: '2030-07-01T14:00:00Z', end: '2030-07-01T15:00:00Z' }],
    });
    expect(data.calendars?.[carol.email]?.errors).toEqual([{ domain: 'global', reason: 'notFound' }]);
    expect(data.calendars?.primary).toEqual({ busy: [] });

    const { data: tooBig } = await query(1);
    expect(tooBig.groups?.[team]).toEqual({ calendars: [], errors: [{ domain: 'global', reason: 'groupTooBig' }] });
    expect(tooBig.calendars?.[bob.email]).toBeUndefined();
    expect(tooBig.calendars?.primary).toEqual({ busy: [] });
  });
});
