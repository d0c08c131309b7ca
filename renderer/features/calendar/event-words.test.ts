import { describe, expect, it } from 'vitest';
import {
  defaultRemindersWords,
  gridRangeWords,
  reminderWords,
  shortClockWords,
  timeRangeWords,
  whenWords,
} from './event-words';

const ny = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

describe('an event’s time in words', () => {
  it('says the day and a range that names the period once when it does not change', () => {
    const times = {
      allDay: false as const,
      startMs: at('2026-11-24T15:00:00Z'),
      endMs: at('2026-11-24T15:30:00Z'),
      timeZone: ny,
    };
    expect(whenWords(times, ny, true, 'en-US')).toBe('Tuesday, November 24 · 10:00 – 10:30am');
  });

  it('names both periods across noon, and none on a 24-hour clock', () => {
    expect(timeRangeWords(at('2026-11-24T16:30:00Z'), at('2026-11-24T17:30:00Z'), ny, true)).toBe('11:30am – 12:30pm');
    expect(timeRangeWords(at('2026-11-24T16:30:00Z'), at('2026-11-24T17:30:00Z'), ny, false)).toBe('11:30 – 12:30');
  });

  it('writes a block’s times as short as they read, the period once where both share it', () => {
    const range = (start: string, end: string, zone = ny, hour12 = true) =>
      gridRangeWords(at(start), at(end), zone, hour12);
    expect(range('2026-11-24T15:00:00Z', '2026-11-24T16:00:00Z')).toBe('10 – 11am');
    expect(range('2026-11-24T16:15:00Z', '2026-11-24T17:45:00Z')).toBe('11:15am – 12:45pm');
    expect(range('2026-11-24T16:00:00Z', '2026-11-24T17:30:00Z')).toBe('11am – 12:30pm');
    expect(range('2026-11-24T14:30:00Z', '2026-11-24T15:00:00Z')).toBe('9:30 – 10am');
    // Across midnight the periods differ, so both are said.
    expect(range('2026-11-25T04:00:00Z', '2026-11-25T06:30:00Z')).toBe('11pm – 1:30am');
    // Noon and midnight are "12pm" and "12am", as Google writes them.
    expect(range('2026-11-24T17:00:00Z', '2026-11-25T05:00:00Z')).toBe('12pm – 12am');
    expect(range('2026-11-24T15:00:00Z', '2026-11-24T16:00:00Z', ny, false)).toBe('10:00 – 11:00');
    expect(range('2026-11-24T15:00:00Z', '2026-11-24T16:00:00Z', 'Asia/Kolkata', false)).toBe('20:30 – 21:30');
    expect(shortClockWords(at('2026-11-24T20:30:00Z'), ny, true)).toBe('3:30pm');
    expect(shortClockWords(at('2026-11-24T03:00:00Z'), ny, true)).toBe('10pm');
    expect(shortClockWords(at('2026-11-24T14:00:00Z'), ny, false)).toBe('09:00');
  });

  it('shows the days of an all-day event, the end being exclusive', () => {
    expect(whenWords({ allDay: true, startDate: '2026-11-24', endDate: '2026-11-25' }, ny, true, 'en-US')).toBe(
      'Tuesday, November 24',
    );
    expect(whenWords({ allDay: true, startDate: '2026-11-24', endDate: '2026-11-27' }, ny, true, 'en-US')).toBe(
      'Tuesday, November 24 – Thursday, November 26',
    );
  });

  it('spells out both days of a timed event that crosses midnight', () => {
    const times = {
      allDay: false as const,
      startMs: at('2026-11-25T03:00:00Z'),
      endMs: at('2026-11-25T06:00:00Z'),
      timeZone: ny,
    };
    expect(whenWords(times, ny, true, 'en-US')).toBe('Tuesday, November 24, 10:00pm – Wednesday, November 25, 1:00am');
  });
});

describe('reminders in words', () => {
  it('names each in the largest whole unit, with how it arrives', () => {
    expect(reminderWords({ method: 'popup', minutes: 30 })).toBe('30 minutes before, by notification');
    expect(reminderWords({ method: 'email', minutes: 1_440 })).toBe('1 day before, by email');
    expect(reminderWords({ method: 'popup', minutes: 90 })).toBe('90 minutes before, by notification');
    expect(reminderWords({ method: 'popup', minutes: 120 })).toBe('2 hours before, by notification');
    expect(reminderWords({ method: 'email', minutes: 20_160 })).toBe('2 weeks before, by email');
    expect(reminderWords({ method: 'email', minutes: 0 })).toBe('At the start, by email');
  });

  it('lists a calendar’s defaults earliest first, and says when there are none', () => {
    expect(
      defaultRemindersWords([
        { method: 'popup', minutes: 10 },
        { method: 'email', minutes: 1_440 },
      ]),
    ).toBe('1 day before, by email; 10 minutes before, by notification');
    expect(defaultRemindersWords([])).toBe('None set for this calendar');
  });
});
