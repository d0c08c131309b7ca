import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { ChangeRecorder, collections } from './domain/change-log';
import { createCalendarRepositories } from './domain/repositories';
import {
  alice,
  bob,
  carol,
  expectApiError,
  listAllEvents,
  startCalendarService,
  type CalendarTestService,
} from './test-support';

const stranger = 'someone@elsewhere.test';

describe('invitations between users of the service', () => {
  let t: CalendarTestService;
  let asAlice: calendar_v3.Calendar;
  let asBob: calendar_v3.Calendar;
  let asCarol: calendar_v3.Calendar;

  const attendeeStatus = (event: calendar_v3.Schema$Event, email: string) =>
    event.attendees?.find((a) => a.email === email)?.responseStatus;

  async function invite(
    summary: string,
    attendees: string[],
    extra: calendar_v3.Schema$Event = {},
  ): Promise<calendar_v3.Schema$Event> {
    const { data } = await asAlice.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary,
        location: 'Room 2',
        start: { dateTime: '2030-03-04T10:00:00Z' },
        end: { dateTime: '2030-03-04T11:00:00Z' },
        attendees: attendees.map((email) => ({ email })),
        ...extra,
      },
    });
    return data;
  }

  beforeAll(async () => {
    t = await startCalendarService();
    asAlice = t.client(alice.token);
    asBob = t.client(bob.token);
    asCarol = t.client(carol.token);
  });
  afterAll(async () => t.close());

  it("puts a copy on each invited user's primary calendar and keeps it in step with the organizer", async () => {
    const event = await invite('Review', [bob.email, carol.email, stranger]);
    const { data: copy } = await asBob.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(copy).toMatchObject({ id: event.id, iCalUID: event.iCalUID, summary: 'Review', status: 'confirmed' });
    expect(copy.organizer).toMatchObject({ email: alice.email });
    expect(copy.organizer?.self).toBeFalsy();
    expect(copy.attendees?.find((a) => a.email === bob.email)).toMatchObject({
      self: true,
      responseStatus: 'needsAction',
    });
    expect(copy.attendees?.map((a) => a.email)).toEqual([bob.email, carol.email, stranger]);
    const { items } = await listAllEvents(asCarol, { calendarId: 'primary' });
    expect(items.map((e) => e.id)).toContain(event.id);

    await asAlice.events.patch({
      calendarId: 'primary',
      eventId: event.id!,
      requestBody: { summary: 'Design review' },
    });
    const { data: updated } = await asBob.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(updated.summary).toBe('Design review');
    expect(updated.etag).not.toBe(copy.etag);
  });

  it('gives a copy to an address that became a user after an event already invited it', async () => {
    const dana = { email: 'dana@example.com', token: 'dana-token' };
    const before = await invite('Before Dana', [dana.email]);
    t.service.addUser(dana);
    const after = await invite('After Dana', [dana.email]);
    const { items } = await listAllEvents(t.client(dana.token), { calendarId: 'primary' });
    expect(items.map((e) => e.id)).toEqual([after.id]);
    expect(items.map((e) => e.id)).not.toContain(before.id);
  });

  it("carries an attendee's answer to the organizer and the other copies; other changes are the organizer's", async () => {
    const event = await invite('Planning', [bob.email, carol.email], {
      start: { dateTime: '2030-03-06T10:00:00Z' },
      end: { dateTime: '2030-03-06T11:00:00Z' },
    });
    const bobsBusy = async () =>
      (
        await asBob.freebusy.query({
          requestBody: { timeMin: '2030-03-06T00:00:00Z', timeMax: '2030-03-07T00:00:00Z', items: [{ id: 'primary' }] },
        })
      ).data.calendars?.primary?.busy;
    const { data: copy } = await asBob.events.get({ calendarId: 'primary', eventId: event.id! });
    const attendees = copy.attendees!.map((a) => (a.email === bob.email ? { ...a, responseStatus: 'accepted' } : a));
    const { data: answered } = await asBob.events.patch({
      calendarId: 'primary',
      eventId: event.id!,
      requestBody: { attendees, reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 5 }] } },
    });
    expect(attendeeStatus(answered, bob.email)).toBe('accepted');
    expect(answered.reminders).toEqual({ useDefault: false, overrides: [{ method: 'popup', minutes: 5 }] });

    const { data: organizers } = await asAlice.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(attendeeStatus(organizers, bob.email)).toBe('accepted');
    expect(organizers.reminders).toEqual({ useDefault: true });
    expect(await bobsBusy()).toEqual([{ start: '2030-03-06T10:00:00Z', end: '2030-03-06T11:00:00Z' }]);
    const { data: carols } = await asCarol.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(attendeeStatus(carols, bob.email)).toBe('accepted');
    expect(attendeeStatus(carols, carol.email)).toBe('needsAction');

    // Only the participant's own entry, as Google's attendeesOmitted allows.
    await asCarol.events.patch({
      calendarId: 'primary',
      eventId: event.id!,
      requestBody: {
        attendeesOmitted: true,
        attendees: [{ email: carol.email, responseStatus: 'tentative', comment: 'maybe late' }],
      },
    });
    const { data: afterCarol } = await asAlice.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(afterCarol.attendees?.find((a) => a.email === carol.email)).toMatchObject({
      responseStatus: 'tentative',
      comment: 'maybe late',
    });
    expect(attendeeStatus(afterCarol, bob.email)).toBe('accepted');

    await expectApiError(
      asBob.events.patch({ calendarId: 'primary', eventId: event.id!, requestBody: { summary: 'Mine now' } }),
      403,
      'forbiddenForNonOrganizer',
    );
    await expectApiError(
      asBob.events.patch({
        calendarId: 'primary',
        eventId: event.id!,
        requestBody: { attendees: [...attendees, { email: stranger }] },
      }),
      403,
      'forbiddenForNonOrganizer',
    );
    // A full update that echoes the event (times written in another zone) with a new answer is fine.
    const { data: echoed } = await asBob.events.get({
      calendarId: 'primary',
      eventId: event.id!,
      timeZone: 'America/New_York',
    });
    await asBob.events.update({
      calendarId: 'primary',
      eventId: event.id!,
      requestBody: {
        ...echoed,
        attendees: echoed.attendees!.map((a) => (a.self ? { ...a, responseStatus: 'declined' } : a)),
      },
    });
    const { data: final } = await asAlice.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(final.summary).toBe('Planning');
    expect(attendeeStatus(final, bob.email)).toBe('declined');
    // A declined invitation stays on the attendee's calendar but does not make them busy.
    const { data: declined } = await asBob.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(declined.status).toBe('confirmed');
    expect(await bobsBusy()).toEqual([]);
  });

  it('cancels the copy of an attendee the organizer removes, and every copy when the event is deleted', async () => {
    const event = await invite('Offsite', [bob.email, carol.email]);
    await asAlice.events.patch({
      calendarId: 'primary',
      eventId: event.id!,
      requestBody: { attendees: [{ email: bob.email }] },
    });
    const { data: carols } = await asCarol.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(carols.status).toBe('cancelled');
    expect((await listAllEvents(asCarol, { calendarId: 'primary' })).items.map((e) => e.id)).not.toContain(event.id);
    const { data: bobs } = await asBob.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(bobs.status).toBe('confirmed');

    await asAlice.events.delete({ calendarId: 'primary', eventId: event.id! });
    const { data: gone } = await asBob.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(gone.status).toBe('cancelled');

    // Invitations sent from a secondary calendar end with it.
    const { data: project } = await asAlice.calendars.insert({ requestBody: { summary: 'Project' } });
    const { data: fromProject } = await asAlice.events.insert({
      calendarId: project.id!,
      requestBody: {
        summary: 'Launch',
        start: { date: '2030-05-01' },
        end: { date: '2030-05-02' },
        attendees: [{ email: bob.email }],
      },
    });
    const { data: launch } = await asBob.events.get({ calendarId: 'primary', eventId: fromProject.id! });
    expect(launch).toMatchObject({ status: 'confirmed', organizer: { email: project.id, displayName: 'Project' } });
    await asAlice.calendars.delete({ calendarId: project.id! });
    expect((await asBob.events.get({ calendarId: 'primary', eventId: fromProject.id! })).data.status).toBe('cancelled');
  });

  it("declines when an attendee deletes the invitation, and the organizer's later changes do not bring it back", async () => {
    const event = await invite('Retro', [bob.email], {
      start: { dateTime: '2030-03-05T10:00:00Z' },
      end: { dateTime: '2030-03-05T11:00:00Z' },
    });
    await asBob.events.delete({ calendarId: 'primary', eventId: event.id! });
    const { data: organizers } = await asAlice.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(attendeeStatus(organizers, bob.email)).toBe('declined');
    expect(organizers.status).toBe('confirmed');
    await asAlice.events.patch({
      calendarId: 'primary',
      eventId: event.id!,
      requestBody: { description: 'Agenda attached' },
    });
    const { data: bobs } = await asBob.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(bobs).toMatchObject({ status: 'cancelled', description: 'Agenda attached' });
    expect((await listAllEvents(asBob, { calendarId: 'primary' })).items.map((e) => e.id)).not.toContain(event.id);
  });

  it('answers one instance of a recurring invitation as an exception on the organizer side', async () => {
    const { data: series } = await asAlice.events.insert({
      calendarId: 'primary',
      requestBody: {
        summary: 'Weekly sync',
        start: { dateTime: '2030-04-01T09:00:00', timeZone: 'UTC' },
        end: { dateTime: '2030-04-01T09:30:00', timeZone: 'UTC' },
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
        attendees: [{ email: bob.email }, { email: carol.email }],
      },
    });
    const { data: instances } = await asBob.events.instances({ calendarId: 'primary', eventId: series.id! });
    expect(instances.items).toHaveLength(3);
    const second = instances.items![1]!;
    await asBob.events.patch({
      calendarId: 'primary',
      eventId: second.id!,
      requestBody: { attendeesOmitted: true, attendees: [{ email: bob.email, responseStatus: 'accepted' }] },
    });
    const { data: organizerInstances } = await asAlice.events.instances({ calendarId: 'primary', eventId: series.id! });
    expect(organizerInstances.items?.map((e) => attendeeStatus(e, bob.email))).toEqual([
      'needsAction',
      'accepted',
      'needsAction',
    ]);
    const { data: carolInstance } = await asCarol.events.get({ calendarId: 'primary', eventId: second.id! });
    expect(attendeeStatus(carolInstance, bob.email)).toBe('accepted');

    // The organizer cancelling one instance cancels it in every copy.
    await asAlice.events.delete({ calendarId: 'primary', eventId: instances.items![2]!.id! });
    const { data: bobsLeft } = await asBob.events.instances({ calendarId: 'primary', eventId: series.id! });
    expect(bobsLeft.items?.map((e) => e.id)).toEqual([instances.items![0]!.id, second.id]);
  });

  it('lists unanswered invitations only with showHiddenInvitations when the attendee hides them', async () => {
    // Settings are read-only through the API (as at Google): set carol's hideInvitations directly.
    const r = createCalendarRepositories(t.service.context.store);
    t.service.context.store.transaction(() => {
      const changes = new ChangeRecorder(r.store, Date.now());
      r.settings.upsert({
        user_email: carol.email,
        setting_id: 'hideInvitations',
        value: 'true',
        change_seq: changes.record(collections.settings(carol.email)),
      });
    });
    const event = await invite('Quiet invite', [carol.email]);
    const ids = async (params: calendar_v3.Params$Resource$Events$List) =>
      (await listAllEvents(asCarol, params)).items.map((e) => e.id);
    expect(await ids({ calendarId: 'primary' })).not.toContain(event.id);
    expect(await ids({ calendarId: 'primary', showHiddenInvitations: true })).toContain(event.id);
    expect(await ids({ calendarId: 'primary', singleEvents: true, orderBy: 'startTime' })).not.toContain(event.id);
    const { data: got } = await asCarol.events.get({ calendarId: 'primary', eventId: event.id! });
    expect(got.summary).toBe('Quiet invite');

    await asCarol.events.patch({
      calendarId: 'primary',
      eventId: event.id!,
      requestBody: { attendeesOmitted: true, attendees: [{ email: carol.email, responseStatus: 'accepted' }] },
    });
    expect(await ids({ calendarId: 'primary' })).toContain(event.id);
    // Bob does not hide invitations: his are listed unanswered.
    const other = await invite('Loud invite', [bob.email]);
    expect((await listAllEvents(asBob, { calendarId: 'primary' })).items.map((e) => e.id)).toContain(other.id);
  });
});
