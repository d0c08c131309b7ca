import { describe, expect, it } from 'vitest';
import type { Palettes } from './colors';
import {
  describeTimes,
  eventKey,
  eventTimesOf,
  googleTimesOf,
  isPendingEventId,
  longTimedInAllDayRow,
  movedByDays,
  resizedByDays,
  newPendingEventId,
  parseEventKey,
  toCalendarEventInput,
  toCalendarEventInputs,
  untitledEventLabel,
  type CalendarContext,
} from './event-mapping';
import { eventsListParams, sameRange, shiftRangeByDays } from './visible-range';

const palettes: Palettes = { calendar: {}, event: { '11': { background: '#dc2127', foreground: '#1d1d1d' } } };
const calendar: CalendarContext = {
  calendarId: 'me@example.com',
  color: { background: '#9fe1e7', foreground: '#1d1d1d' },
  writable: true,
  busyOnly: false,
};

describe('toCalendarEventInput', () => {
  it('maps a timed event to instants, keyed by calendar and event, in its calendar’s color', () => {
    const input = toCalendarEventInput(
      {
        id: 'e1',
        status: 'confirmed',
        summary: 'Standup',
        start: { dateTime: '2026-11-24T10:00:00-05:00', timeZone: 'America/New_York' },
        end: { dateTime: '2026-11-24T10:30:00-05:00' },
        location: 'Room 1',
      },
      calendar,
      palettes,
    );
    expect(input).toMatchObject({
      id: eventKey('me@example.com', 'e1'),
      title: 'Standup',
      allDay: false,
      start: Date.parse('2026-11-24T15:00:00Z'),
      end: Date.parse('2026-11-24T15:30:00Z'),
      color: '#9fe1e7',
      editable: true,
    });
    expect(input?.extendedProps).toMatchObject({
      calendarId: 'me@example.com',
      eventId: 'e1',
      location: 'Room 1',
      pending: false,
      recurringEventId: null,
    });
  });

  it('marks an invitation the calendar’s owner declined, and only that', () => {
    const invitation = (responseStatus: 'declined' | 'accepted') =>
      toCalendarEventInput(
        {
          id: 'e9',
          summary: 'Planning',
          start: { dateTime: '2026-11-24T14:00:00Z' },
          end: { dateTime: '2026-11-24T15:00:00Z' },
          attendees: [
            { email: 'bob@example.com', responseStatus: 'declined' },
            { email: 'me@example.com', self: true, responseStatus },
          ],
        },
        calendar,
        palettes,
      );
    expect(invitation('declined')).toMatchObject({ className: 'calendar-event--declined' });
    expect(invitation('declined')?.extendedProps).toMatchObject({ declined: true });
    expect(invitation('accepted')).not.toHaveProperty('className');
    expect(invitation('accepted')?.extendedProps).toMatchObject({ declined: false });
  });

  it('maps an all-day event with Google’s exclusive end date unchanged, and a missing end as one day', () => {
    expect(
      toCalendarEventInput(
        { id: 'e2', summary: 'Trip', start: { date: '2026-11-24' }, end: { date: '2026-11-27' } },
        calendar,
        palettes,
      ),
    ).toMatchObject({
      allDay: true,
      start: '2026-11-24',
      end: '2026-11-27',
    });
    expect(toCalendarEventInput({ id: 'e3', start: { date: '2026-11-30' } }, calendar, palettes)).toMatchObject({
      start: '2026-11-30',
      end: '2026-12-01',
    });
  });

  it('wears the event palette color, and is read-only on calendars the person cannot change', () => {
    const input = toCalendarEventInput(
      { id: 'e4', colorId: '11', start: { date: '2026-11-24' } },
      { ...calendar, writable: false },
      palettes,
    );
    expect(input).toMatchObject({ color: '#dc2127', editable: false });
  });

  it('labels untitled and busy-only events and skips cancelled or malformed ones', () => {
    expect(
      toCalendarEventInput({ id: 'e5', summary: '  ', start: { dateTime: '2026-11-24T10:00:00Z' } }, calendar, palettes)
        ?.title,
    ).toBe(untitledEventLabel);
    expect(
      toCalendarEventInput(
        { id: 'e6', start: { dateTime: '2026-11-24T10:00:00Z' } },
        { ...calendar, busyOnly: true },
        palettes,
      )?.title,
    ).toBe('Busy');
    expect(
      toCalendarEventInput(
        { id: 'e7', status: 'cancelled', start: { dateTime: '2026-11-24T10:00:00Z' } },
        calendar,
        palettes,
      ),
    ).toBeNull();
    expect(toCalendarEventInput({ id: 'e8' }, calendar, palettes)).toBeNull();
    expect(toCalendarEventInput({ start: { date: '2026-11-24' } }, calendar, palettes)).toBeNull();
    expect(toCalendarEventInput({ id: 'e9', start: { dateTime: 'yesterday' } }, calendar, palettes)).toBeNull();
    expect(
      toCalendarEventInputs(
        [
          { id: 'a', start: { date: '2026-11-24' } },
          { id: 'b', status: 'cancelled' },
        ],
        calendar,
        palettes,
      ).map((e) => e.id),
    ).toEqual([eventKey(calendar.calendarId, 'a')]);
    expect(toCalendarEventInputs(undefined, calendar, palettes)).toEqual([]);
  });

  it('makes optimistic placeholders visible but not draggable', () => {
    const id = newPendingEventId();
    expect(isPendingEventId(id)).toBe(true);
    expect(isPendingEventId('abc123')).toBe(false);
    expect(newPendingEventId()).not.toBe(id);
    expect(toCalendarEventInput({ id, start: { date: '2026-11-24' } }, calendar, palettes)).toMatchObject({
      editable: false,
      extendedProps: { pending: true },
    });
  });
});

describe('event keys', () => {
  it('round-trip calendar and event ids', () => {
    expect(parseEventKey(eventKey('team@group.calendar.google.com', 'abc_20261124T100000Z'))).toEqual({
      calendarId: 'team@group.calendar.google.com',
      eventId: 'abc_20261124T100000Z',
    });
    expect(parseEventKey('no-separator')).toBeNull();
  });
});

describe('event times', () => {
  it('reads timed events with their zone, and ends before starts as zero length', () => {
    expect(
      eventTimesOf(
        {
          start: { dateTime: '2026-03-01T09:00:00+01:00', timeZone: 'Europe/Paris' },
          end: { dateTime: '2026-03-01T08:00:00+01:00' },
        },
        'UTC',
      ),
    ).toEqual({
      allDay: false,
      startMs: Date.parse('2026-03-01T08:00:00Z'),
      endMs: Date.parse('2026-03-01T08:00:00Z'),
      timeZone: 'Europe/Paris',
    });
    expect(eventTimesOf({ start: { dateTime: '2026-03-01T09:00:00Z' } }, 'Asia/Tokyo')).toMatchObject({
      timeZone: 'Asia/Tokyo',
    });
  });

  it('writes timed events as RFC 3339 in their own zone, DST included', () => {
    const summer = googleTimesOf({
      allDay: false,
      startMs: Date.parse('2026-07-01T13:00:00Z'),
      endMs: Date.parse('2026-07-01T14:30:00Z'),
      timeZone: 'America/New_York',
    });
    expect(summer).toEqual({
      start: { dateTime: '2026-07-01T09:00:00-04:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-07-01T10:30:00-04:00', timeZone: 'America/New_York' },
    });
    const winter = googleTimesOf({
      allDay: false,
      startMs: Date.parse('2026-12-01T14:00:00Z'),
      endMs: Date.parse('2026-12-01T15:00:00Z'),
      timeZone: 'America/New_York',
    });
    expect(winter.start.dateTime).toBe('2026-12-01T09:00:00-05:00');
    expect(googleTimesOf({ allDay: true, startDate: '2026-11-24', endDate: '2026-11-26' })).toEqual({
      start: { date: '2026-11-24' },
      end: { date: '2026-11-26' },
    });
  });

  it('describes ranges in the display zone', () => {
    expect(
      describeTimes({ allDay: true, startDate: '2026-11-24', endDate: '2026-11-25' }, 'UTC', { locale: 'en-US' }),
    ).toBe('Tue, Nov 24 · all day');
    const timed = describeTimes(
      {
        allDay: false,
        startMs: Date.parse('2026-11-24T15:00:00Z'),
        endMs: Date.parse('2026-11-24T16:30:00Z'),
        timeZone: 'UTC',
      },
      'America/New_York',
      {
        locale: 'en-US',
        hour12: true,
      },
    );
    expect(timed).toContain('Nov 24');
    expect(timed).toContain('10:00');
    expect(timed).toContain('11:30');
  });
});

describe('visible range', () => {
  it('asks for expanded instances within the range', () => {
    const range = { start: new Date('2026-11-22T05:00:00Z'), end: new Date('2026-11-29T05:00:00Z') };
    expect(eventsListParams('primary', range)).toEqual({
      calendarId: 'primary',
      timeMin: '2026-11-22T05:00:00.000Z',
      timeMax: '2026-11-29T05:00:00.000Z',
      singleEvents: true,
      orderBy: 'startTime',
      maxResults: 2500,
    });
    expect(sameRange(range, { ...range })).toBe(true);
    expect(sameRange(range, null)).toBe(false);
  });

  it('steps a week across a DST change keeping local midnight', () => {
    const week = { start: new Date('2026-10-25T04:00:00Z'), end: new Date('2026-11-01T04:00:00Z') };
    const next = shiftRangeByDays(week, 7, 'America/New_York');
    expect(next.start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(next.end.toISOString()).toBe('2026-11-08T05:00:00.000Z');
  });
});

describe('timed events of a day or more in the day and week views', () => {
  const ny = 'America/New_York';
  const at = (iso: string) => Date.parse(iso);
  const input = (start: string, end: string) =>
    toCalendarEventInput(
      { id: 'e1', summary: 'Conference', start: { dateTime: start }, end: { dateTime: end } },
      calendar,
      palettes,
    )!;

  it('moves them to the all-day row over the days they touch, keeping their times; shorter ones stay', () => {
    const conference = input('2026-12-01T09:00:00-05:00', '2026-12-03T17:00:00-05:00');
    const meeting = input('2026-12-01T09:00:00-05:00', '2026-12-01T10:00:00-05:00');
    // 24 hours exactly counts, as in Google Calendar; 23 does not.
    const dayLong = input('2026-12-01T09:00:00-05:00', '2026-12-02T09:00:00-05:00');
    const overnight = input('2026-12-01T22:00:00-05:00', '2026-12-02T21:00:00-05:00');
    const shown = longTimedInAllDayRow([conference, meeting, dayLong, overnight], ny);
    expect(shown[0]).toMatchObject({ allDay: true, start: '2026-12-01', end: '2026-12-04' });
    // Its end can be dragged (resizedByDays), as an all-day event's can.
    expect(shown[0]?.durationEditable).toBeUndefined();
    expect(shown[0]?.extendedProps?.spansDays).toEqual({
      startMs: at('2026-12-01T14:00:00Z'),
      endMs: at('2026-12-03T22:00:00Z'),
    });
    expect(shown[1]).toBe(meeting);
    expect(shown[2]).toMatchObject({ allDay: true, start: '2026-12-01', end: '2026-12-03' });
    expect(shown[3]).toBe(overnight);
    // Nothing long: the same array, so the grid is not laid out again.
    const plain = [meeting, overnight];
    expect(longTimedInAllDayRow(plain, ny)).toBe(plain);
    // An end at midnight does not touch the next day.
    const toMidnight = longTimedInAllDayRow([input('2026-12-01T00:00:00-05:00', '2026-12-03T00:00:00-05:00')], ny);
    expect(toMidnight[0]).toMatchObject({ start: '2026-12-01', end: '2026-12-03' });
  });

  it('a drag along the row moves the times by whole days on the display zone’s clocks, across a DST change', () => {
    const spans = { startMs: at('2026-10-30T13:00:00Z'), endMs: at('2026-11-01T21:00:00Z') };
    // Fri 9:00 EDT – Sun 16:00 EST, two days later: Sun 9:00 EST – Tue 16:00 EST.
    expect(movedByDays(spans, 2, ny)).toEqual({
      allDay: false,
      startMs: at('2026-11-01T14:00:00Z'),
      endMs: at('2026-11-03T21:00:00Z'),
      timeZone: ny,
    });
    expect(movedByDays(spans, -1, ny).startMs).toBe(at('2026-10-29T13:00:00Z'));
  });

  it('drags the end of a long timed event by whole days, keeping its clock times and its start', () => {
    const spans = { startMs: at('2026-10-30T13:00:00Z'), endMs: at('2026-11-01T21:00:00Z') };
    // Fri 9:00 EDT – Sun 16:00 EST, a day longer: to Mon 16:00 EST.
    expect(resizedByDays(spans, 1, ny)).toEqual({
      allDay: false,
      startMs: spans.startMs,
      endMs: at('2026-11-02T21:00:00Z'),
      timeZone: ny,
    });
    // Two days shorter: Fri 16:00 EDT, the same day as the start.
    expect(resizedByDays(spans, -2, ny)?.endMs).toBe(at('2026-10-30T20:00:00Z'));
    // An end before its start is no event.
    const evening = { startMs: at('2026-10-30T01:00:00Z'), endMs: at('2026-11-01T12:00:00Z') };
    // Thu 21:00 EDT – Sun 7:00 EST, three days shorter: Thu 7:00, before the start.
    expect(resizedByDays(evening, -3, ny)).toBeNull();
  });
});
