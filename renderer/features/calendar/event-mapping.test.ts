import { describe, expect, it } from 'vitest';
import {
  describeSelection,
  formatLocalDate,
  formatLocalDateTime,
  isPendingEventId,
  newPendingEventId,
  selectionToEventTimes,
  toCalendarEventInput,
  toCalendarEventInputs,
  untitledEventLabel,
} from './event-mapping';
import { eventsListParams, sameRange } from './visible-range';

describe('toCalendarEventInput', () => {
  it('maps a timed event keeping its instants', () => {
    const input = toCalendarEventInput({
      id: 'e1',
      status: 'confirmed',
      summary: 'Standup',
      start: { dateTime: '2026-11-24T10:00:00-05:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-11-24T10:30:00-05:00' },
      location: 'Room 1',
    });
    expect(input).toMatchObject({ id: 'e1', title: 'Standup', allDay: false, start: '2026-11-24T10:00:00-05:00', end: '2026-11-24T10:30:00-05:00' });
    expect(input?.extendedProps).toMatchObject({ location: 'Room 1', pending: false });
  });

  it('maps an all-day event with Google’s exclusive end date unchanged', () => {
    const input = toCalendarEventInput({ id: 'e2', summary: 'Trip', start: { date: '2026-11-24' }, end: { date: '2026-11-27' } });
    expect(input).toMatchObject({ allDay: true, start: '2026-11-24', end: '2026-11-27' });
  });

  it('gives an all-day event without an end one day, across a month boundary', () => {
    expect(toCalendarEventInput({ id: 'e3', start: { date: '2026-11-30' } })).toMatchObject({ start: '2026-11-30', end: '2026-12-01' });
  });

  it('labels untitled events and skips cancelled or malformed ones', () => {
    expect(toCalendarEventInput({ id: 'e4', summary: '  ', start: { dateTime: '2026-11-24T10:00:00Z' } })?.title).toBe(untitledEventLabel);
    expect(toCalendarEventInput({ id: 'e5', status: 'cancelled', start: { dateTime: '2026-11-24T10:00:00Z' } })).toBeNull();
    expect(toCalendarEventInput({ id: 'e6' })).toBeNull();
    expect(toCalendarEventInput({ start: { date: '2026-11-24' } })).toBeNull();
    expect(toCalendarEventInputs([{ id: 'a', start: { date: '2026-11-24' } }, { id: 'b', status: 'cancelled' }]).map((e) => e.id)).toEqual(['a']);
    expect(toCalendarEventInputs(undefined)).toEqual([]);
  });
});

describe('selectionToEventTimes', () => {
  it('turns a timed selection into RFC 3339 instants in the given zone', () => {
    const start = new Date(2026, 10, 24, 10, 0);
    const end = new Date(2026, 10, 24, 11, 30);
    const times = selectionToEventTimes({ start, end, allDay: false }, 'America/New_York');
    expect(times.start.timeZone).toBe('America/New_York');
    expect(new Date(times.start.dateTime ?? '').getTime()).toBe(start.getTime());
    expect(new Date(times.end.dateTime ?? '').getTime()).toBe(end.getTime());
    expect(times.start.dateTime).toMatch(/^2026-11-24T10:00:00[+-]\d\d:\d\d$/);
  });

  it('turns an all-day selection into dates with an exclusive end', () => {
    const times = selectionToEventTimes({ start: new Date(2026, 10, 24), end: new Date(2026, 10, 26), allDay: true });
    expect(times).toEqual({ start: { date: '2026-11-24' }, end: { date: '2026-11-26' } });
  });

  it('round-trips through the Google → FullCalendar mapping', () => {
    const range = { start: new Date(2026, 0, 5, 9, 15), end: new Date(2026, 0, 5, 10, 0), allDay: false };
    const input = toCalendarEventInput({ id: 'x', ...selectionToEventTimes(range) });
    expect(new Date(String(input?.start)).getTime()).toBe(range.start.getTime());
    expect(new Date(String(input?.end)).getTime()).toBe(range.end.getTime());
  });
});

describe('local date formatting', () => {
  it('pads components and uses the local day', () => {
    expect(formatLocalDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(formatLocalDateTime(new Date(2026, 0, 5, 7, 3, 9))).toMatch(/^2026-01-05T07:03:09[+-]\d\d:\d\d$/);
  });
});

describe('describeSelection', () => {
  it('describes one all-day day without a range', () => {
    const text = describeSelection({ start: new Date(2026, 10, 24), end: new Date(2026, 10, 25), allDay: true }, 'en-US');
    expect(text).toBe('Tue, Nov 24 · all day');
  });

  it('describes a timed range', () => {
    const text = describeSelection({ start: new Date(2026, 10, 24, 10), end: new Date(2026, 10, 24, 11, 30), allDay: false }, 'en-US');
    expect(text).toContain('Nov 24');
    expect(text).toContain('10:00');
    expect(text).toContain('11:30');
  });
});

describe('pending ids', () => {
  it('are unique and recognisable', () => {
    const a = newPendingEventId();
    const b = newPendingEventId();
    expect(a).not.toBe(b);
    expect(isPendingEventId(a)).toBe(true);
    expect(isPendingEventId('abc123')).toBe(false);
  });
});

describe('eventsListParams', () => {
  it('asks for expanded instances within the visible range', () => {
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
});
