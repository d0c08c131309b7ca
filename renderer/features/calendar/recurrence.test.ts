import { describe, expect, it } from 'vitest';
import type { GoogleEvent } from './event-mapping';
import {
  checkCustomRecurrence,
  continueSeries,
  describeRepeat,
  isEveryWeekday,
  monthWeekdaysOf,
  repeatFollowingDate,
  seriesStartDate,
  endSeriesBefore,
  formatRecurrence,
  parseRecurrence,
  usesCount,
  type RepeatRule,
} from './recurrence-rule';
import { isFirstOccurrence, planSeriesChange, planSingleChange, shiftedSeriesTimes } from './series-plan';

const newYork = { allDay: false, timeZone: 'America/New_York' };

describe('recurrence rules', () => {
  it('reads simple rules into fields and writes them back', () => {
    const rule = parseRecurrence(['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE,MO;COUNT=6'], newYork);
    expect(rule).toEqual({
      kind: 'simple',
      frequency: 'WEEKLY',
      interval: 2,
      byDay: ['WE', 'MO'],
      end: { type: 'count', count: 6 },
    });
    expect(formatRecurrence(rule, newYork)).toEqual(['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=6']);
    expect(parseRecurrence([], newYork)).toEqual({ kind: 'none' });
    expect(formatRecurrence({ kind: 'none' }, newYork)).toEqual([]);
  });

  it('reads UNTIL as the last day in the series’ zone and writes it as that day’s last second in UTC', () => {
    // 2026-12-31 23:59:59 in New York is 2027-01-01 04:59:59 UTC.
    const rule = parseRecurrence(['RRULE:FREQ=DAILY;UNTIL=20270101T045959Z'], newYork);
    expect(rule).toMatchObject({ kind: 'simple', end: { type: 'until', date: '2026-12-31' } });
    expect(formatRecurrence(rule, newYork)).toEqual(['RRULE:FREQ=DAILY;UNTIL=20270101T045959Z']);
    expect(formatRecurrence(rule, { allDay: true, timeZone: 'UTC' })).toEqual(['RRULE:FREQ=DAILY;UNTIL=20261231']);
  });

  it('keeps anything the fields cannot express as text', () => {
    for (const lines of [
      ['RRULE:FREQ=MONTHLY;BYDAY=5TU'],
      ['RRULE:FREQ=MONTHLY;BYDAY=2TU,4TU'],
      ['RRULE:FREQ=YEARLY;BYDAY=1MO'],
      ['RRULE:FREQ=WEEKLY', 'EXDATE;TZID=America/New_York:20261124T090000'],
      ['RRULE:FREQ=HOURLY'],
      ['RRULE:FREQ=DAILY;COUNT=3;UNTIL=20261231'],
    ]) {
      const rule = parseRecurrence(lines, newYork);
      expect(rule).toEqual({ kind: 'custom', text: lines.join('\n') });
      expect(formatRecurrence(rule, newYork)).toEqual(lines);
    }
  });

  it('reads and writes a monthly weekday ("the second Tuesday", "the last Friday")', () => {
    const second = parseRecurrence(['RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=4'], newYork);
    expect(second).toEqual({
      kind: 'simple',
      frequency: 'MONTHLY',
      interval: 1,
      byDay: [],
      end: { type: 'count', count: 4 },
      monthWeekday: { ordinal: 2, day: 'TU' },
    });
    expect(formatRecurrence(second, newYork)).toEqual(['RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=4']);
    expect(describeRepeat(second)).toBe('Monthly on the second Tuesday · 4 times');
    const last = parseRecurrence(['RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR'], newYork);
    expect(formatRecurrence(last, newYork)).toEqual(['RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR']);
    expect(describeRepeat(last)).toBe('Every 2 months on the last Friday');
  });

  it('finds the weekdays of the month a date can repeat on', () => {
    // 2026-11-24 is the fourth Tuesday of November and its last.
    expect(monthWeekdaysOf('2026-11-24')).toEqual({ nth: { ordinal: 4, day: 'TU' }, last: { ordinal: -1, day: 'TU' } });
    // 2026-11-10: the second Tuesday, not the last.
    expect(monthWeekdaysOf('2026-11-10')).toEqual({ nth: { ordinal: 2, day: 'TU' }, last: null });
    // 2026-11-29 is a fifth Sunday: offered as the last.
    expect(monthWeekdaysOf('2026-11-29')).toEqual({ nth: { ordinal: -1, day: 'SU' }, last: null });
    // 2026-12-01: the first Tuesday.
    expect(monthWeekdaysOf('2026-12-01').nth).toEqual({ ordinal: 1, day: 'TU' });
  });

  it('names a rule by the series’ first date, as Google Calendar’s menu does', () => {
    const simple = (frequency: 'WEEKLY' | 'MONTHLY' | 'YEARLY'): RepeatRule => ({
      kind: 'simple',
      frequency,
      interval: 1,
      byDay: [],
      end: { type: 'never' },
    });
    expect(describeRepeat(simple('YEARLY'), 'en-US', '2026-11-29')).toBe('Annually on November 29');
    expect(describeRepeat(simple('MONTHLY'), 'en-US', '2026-11-29')).toBe('Monthly on day 29');
    expect(describeRepeat(simple('WEEKLY'), 'en-US', '2026-11-29')).toBe('Weekly on Sun');
    expect(describeRepeat(simple('YEARLY'))).toBe('Yearly');
    const weekdays = parseRecurrence(['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'], newYork);
    expect(isEveryWeekday(weekdays)).toBe(true);
    expect(describeRepeat(weekdays)).toBe('Every weekday');
    expect(isEveryWeekday(parseRecurrence(['RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR'], newYork))).toBe(false);
    expect(seriesStartDate({ dateTime: '2026-11-30T02:00:00Z', timeZone: 'America/New_York' }, 'UTC')).toBe(
      '2026-11-29',
    );
    expect(seriesStartDate({ date: '2026-11-29' }, 'UTC')).toBe('2026-11-29');
  });

  it('moves a repeat on the start’s weekday along with the start', () => {
    const weekly = parseRecurrence(['RRULE:FREQ=WEEKLY;BYDAY=TU'], newYork);
    // Tuesday → Thursday.
    expect(formatRecurrence(repeatFollowingDate(weekly, '2026-11-24', '2026-11-26'), newYork)).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=TH',
    ]);
    // Days other than the start's own stay.
    const twoDays = parseRecurrence(['RRULE:FREQ=WEEKLY;BYDAY=MO,WE'], newYork);
    expect(repeatFollowingDate(twoDays, '2026-11-23', '2026-11-24')).toBe(twoDays);
    // The fourth Tuesday → the second Wednesday; the last Tuesday → the last Wednesday when it is one.
    const fourth = parseRecurrence(['RRULE:FREQ=MONTHLY;BYDAY=4TU'], newYork);
    expect(formatRecurrence(repeatFollowingDate(fourth, '2026-11-24', '2026-11-11'), newYork)).toEqual([
      'RRULE:FREQ=MONTHLY;BYDAY=2WE',
    ]);
    const last = parseRecurrence(['RRULE:FREQ=MONTHLY;BYDAY=-1TU'], newYork);
    expect(formatRecurrence(repeatFollowingDate(last, '2026-11-24', '2026-11-25'), newYork)).toEqual([
      'RRULE:FREQ=MONTHLY;BYDAY=-1WE',
    ]);
  });

  it('checks custom lines', () => {
    expect(checkCustomRecurrence('RRULE:FREQ=MONTHLY;BYDAY=2TU')).toBeNull();
    expect(checkCustomRecurrence('')).toMatch(/at least one/);
    expect(checkCustomRecurrence('FREQ=DAILY')).toMatch(/not an RRULE/);
    expect(checkCustomRecurrence('RRULE:INTERVAL=2')).toMatch(/no FREQ/);
    expect(checkCustomRecurrence('EXDATE:20261124T090000Z')).toMatch(/needs an RRULE/);
  });

  it('describes rules for people', () => {
    expect(
      describeRepeat({
        kind: 'simple',
        frequency: 'WEEKLY',
        interval: 1,
        byDay: ['TU', 'TH'],
        end: { type: 'count', count: 5 },
      }),
    ).toBe('Weekly on Tue, Thu · 5 times');
    expect(
      describeRepeat(
        { kind: 'simple', frequency: 'MONTHLY', interval: 3, byDay: [], end: { type: 'until', date: '2027-06-30' } },
        'en-US',
      ),
    ).toBe('Every 3 months · until Jun 30, 2027');
    expect(describeRepeat({ kind: 'none' })).toBe('Does not repeat');
  });

  it('splits a series: the old one ends before the instance, the new one continues the count and weekday', () => {
    const instance = { startMs: Date.parse('2026-12-01T14:00:00Z'), date: '2026-12-01' };
    expect(
      endSeriesBefore(['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=10', 'EXDATE:20261124T140000Z'], instance, newYork),
    ).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20261201T135959Z', 'EXDATE:20261124T140000Z']);
    expect(endSeriesBefore(['RRULE:FREQ=DAILY'], instance, { allDay: true, timeZone: 'UTC' })).toEqual([
      'RRULE:FREQ=DAILY;UNTIL=20261130',
    ]);
    expect(
      continueSeries(['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=10'], { occurrencesBefore: 3, fromWeekday: 2, toWeekday: 3 }),
    ).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=7']);
    expect(
      continueSeries(['RRULE:FREQ=WEEKLY;BYDAY=TU,TH'], { occurrencesBefore: 3, fromWeekday: 2, toWeekday: 3 }),
    ).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=TU,TH']);
    expect(usesCount(['RRULE:FREQ=DAILY;COUNT=2'])).toBe(true);
    expect(usesCount(['RRULE:FREQ=DAILY'])).toBe(false);
  });
});

// A weekly Tuesday 09:00 New York standup starting Nov 3, 2026 (EST, UTC-5), 10 times.
const master: GoogleEvent = {
  id: 'standup',
  iCalUID: 'standup@example.com',
  summary: 'Standup',
  location: 'Room 1',
  attendees: [{ email: 'ana@example.com', responseStatus: 'accepted' }],
  start: { dateTime: '2026-11-03T09:00:00-05:00', timeZone: 'America/New_York' },
  end: { dateTime: '2026-11-03T09:30:00-05:00', timeZone: 'America/New_York' },
  recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=10'],
};
const third: GoogleEvent = {
  id: 'standup_20261117T140000Z',
  recurringEventId: 'standup',
  summary: 'Standup',
  originalStartTime: { dateTime: '2026-11-17T09:00:00-05:00', timeZone: 'America/New_York' },
  start: { dateTime: '2026-11-17T09:00:00-05:00', timeZone: 'America/New_York' },
  end: { dateTime: '2026-11-17T09:30:00-05:00', timeZone: 'America/New_York' },
};
const first: GoogleEvent = {
  ...third,
  id: 'standup_20261103T140000Z',
  originalStartTime: master.start,
  start: master.start,
  end: master.end,
};
// Moved to Wednesday 10:00–10:45.
const moved = {
  allDay: false as const,
  startMs: Date.parse('2026-11-18T15:00:00Z'),
  endMs: Date.parse('2026-11-18T15:45:00Z'),
  timeZone: 'America/New_York',
};

describe('changing one instance of a series', () => {
  it('"this event" patches the instance only (an exception), never its recurrence', () => {
    expect(planSeriesChange('cal', third, 'this', { kind: 'times', to: moved }, { master })).toEqual([
      {
        op: 'patch',
        calendarId: 'cal',
        eventId: 'standup_20261117T140000Z',
        body: {
          start: { dateTime: '2026-11-18T10:00:00-05:00', timeZone: 'America/New_York' },
          end: { dateTime: '2026-11-18T10:45:00-05:00', timeZone: 'America/New_York' },
        },
      },
    ]);
    const edit = planSeriesChange(
      'cal',
      third,
      'this',
      { kind: 'edit', fields: { summary: 'Late standup' }, to: moved, recurrence: ['RRULE:FREQ=DAILY'] },
      { master },
    );
    expect(edit[0]).toMatchObject({ op: 'patch', body: { summary: 'Late standup' } });
    expect(edit[0]?.op === 'patch' && 'recurrence' in edit[0].body).toBe(false);
    expect(planSeriesChange('cal', third, 'this', { kind: 'delete' }, { master })).toEqual([
      { op: 'delete', calendarId: 'cal', eventId: 'standup_20261117T140000Z' },
    ]);
  });

  it('"all events" shifts the series by the instance’s wall-clock move and moves BYDAY along', () => {
    const steps = planSeriesChange('cal', third, 'all', { kind: 'times', to: moved }, { master });
    expect(steps).toEqual([
      {
        op: 'patch',
        calendarId: 'cal',
        eventId: 'standup',
        body: {
          recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=10'],
          start: { dateTime: '2026-11-04T10:00:00-05:00', timeZone: 'America/New_York' },
          end: { dateTime: '2026-11-04T10:45:00-05:00', timeZone: 'America/New_York' },
        },
      },
    ]);
    expect(planSeriesChange('cal', third, 'all', { kind: 'delete' }, { master })).toEqual([
      { op: 'delete', calendarId: 'cal', eventId: 'standup' },
    ]);
  });

  it('keeps 09:00 local when the series began before a DST change', () => {
    const summerSeries: GoogleEvent = {
      ...master,
      start: { dateTime: '2026-10-06T09:00:00-04:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-10-06T09:30:00-04:00', timeZone: 'America/New_York' },
    };
    const before = {
      allDay: false as const,
      startMs: Date.parse('2026-11-17T14:00:00Z'),
      endMs: Date.parse('2026-11-17T14:30:00Z'),
      timeZone: 'America/New_York',
    };
    const later = { ...before, startMs: before.startMs + 3_600_000, endMs: before.endMs + 3_600_000 };
    expect(shiftedSeriesTimes(summerSeries, before, later)).toMatchObject({
      startMs: Date.parse('2026-10-06T14:00:00Z'),
      endMs: Date.parse('2026-10-06T14:30:00Z'),
    });
  });

  it('"this and following" inserts the continuing series, drops later exceptions, then ends the old series', () => {
    const steps = planSeriesChange(
      'cal',
      third,
      'following',
      { kind: 'times', to: moved },
      { master, occurrencesBefore: 2, laterExceptionIds: ['standup_20261201T140000Z'] },
    );
    expect(steps).toEqual([
      {
        op: 'insert',
        calendarId: 'cal',
        body: {
          summary: 'Standup',
          location: 'Room 1',
          attendees: [{ email: 'ana@example.com', responseStatus: 'accepted' }],
          start: { dateTime: '2026-11-18T10:00:00-05:00', timeZone: 'America/New_York' },
          end: { dateTime: '2026-11-18T10:45:00-05:00', timeZone: 'America/New_York' },
          recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=8'],
        },
      },
      { op: 'delete', calendarId: 'cal', eventId: 'standup_20261201T140000Z' },
      {
        op: 'patch',
        calendarId: 'cal',
        eventId: 'standup',
        body: { recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20261117T135959Z'] },
      },
    ]);
    expect(planSeriesChange('cal', third, 'following', { kind: 'delete' }, { master })).toEqual([
      {
        op: 'patch',
        calendarId: 'cal',
        eventId: 'standup',
        body: { recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20261117T135959Z'] },
      },
    ]);
  });

  it('"this and following" from the first instance is the whole series', () => {
    expect(isFirstOccurrence(first, master)).toBe(true);
    expect(isFirstOccurrence(third, master)).toBe(false);
    expect(planSeriesChange('cal', first, 'following', { kind: 'delete' }, { master })).toEqual([
      { op: 'delete', calendarId: 'cal', eventId: 'standup' },
    ]);
  });

  it('an edited rule replaces the old one for the new part of a split', () => {
    const steps = planSeriesChange(
      'cal',
      third,
      'following',
      { kind: 'edit', fields: { summary: 'Sync' }, to: moved, recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] },
      { master },
    );
    expect(steps[0]).toMatchObject({
      op: 'insert',
      body: { summary: 'Sync', recurrence: ['RRULE:FREQ=DAILY;COUNT=3'] },
    });
  });
});

describe('changing a single event', () => {
  it('patches times and fields, and replaces the whole event when it becomes all-day', () => {
    const single: GoogleEvent = {
      id: 'one',
      etag: '"1"',
      summary: 'Lunch',
      start: { dateTime: '2026-11-24T12:00:00Z' },
      end: { dateTime: '2026-11-24T13:00:00Z' },
    };
    expect(
      planSingleChange('cal', single, {
        kind: 'times',
        to: {
          allDay: false,
          startMs: Date.parse('2026-11-24T13:00:00Z'),
          endMs: Date.parse('2026-11-24T14:00:00Z'),
          timeZone: 'UTC',
        },
      }),
    ).toEqual([
      {
        op: 'patch',
        calendarId: 'cal',
        eventId: 'one',
        body: {
          start: { dateTime: '2026-11-24T13:00:00+00:00', timeZone: 'UTC' },
          end: { dateTime: '2026-11-24T14:00:00+00:00', timeZone: 'UTC' },
        },
      },
    ]);
    expect(
      planSingleChange('cal', single, {
        kind: 'times',
        to: { allDay: true, startDate: '2026-11-25', endDate: '2026-11-26' },
      }),
    ).toEqual([
      {
        op: 'update',
        calendarId: 'cal',
        eventId: 'one',
        body: { id: 'one', summary: 'Lunch', start: { date: '2026-11-25' }, end: { date: '2026-11-26' } },
      },
    ]);
  });
});
