import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, daysBetween, weekdayOfDate } from './time-zone';

/** Dates across four centuries, leap days and month ends included, as Temporal reads them. */
function sampleDates(): string[] {
  const dates: string[] = ['1600-02-29', '1700-02-28', '1900-02-28', '2000-02-29', '2024-02-29', '2026-12-31'];
  let day = Temporal.PlainDate.from('1599-12-25');
  while (Temporal.PlainDate.compare(day, Temporal.PlainDate.from('2401-01-10')) < 0) {
    dates.push(day.toString());
    day = day.add({ days: 97 });
  }
  return dates;
}

describe('date arithmetic on YYYY-MM-DD', () => {
  const dates = sampleDates();

  it('adds days as Temporal does, across month, year and leap-day boundaries', () => {
    for (const date of dates) {
      for (const days of [-800, -366, -31, -1, 0, 1, 28, 59, 365, 1461]) {
        expect(addDaysToDate(date, days)).toBe(Temporal.PlainDate.from(date).add({ days }).toString());
      }
    }
  });

  it('counts the days between two dates and names their weekday as Temporal does', () => {
    for (const [i, date] of dates.entries()) {
      const other = dates[(i * 7 + 3) % dates.length]!;
      expect(daysBetween(date, other)).toBe(
        Temporal.PlainDate.from(date).until(Temporal.PlainDate.from(other), { largestUnit: 'days' }).days,
      );
      expect(weekdayOfDate(date)).toBe(Temporal.PlainDate.from(date).dayOfWeek % 7);
    }
    expect(weekdayOfDate('2026-11-27')).toBe(5);
    expect(weekdayOfDate('1970-01-01')).toBe(4);
  });

  it('refuses what is not a calendar date', () => {
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-11-00',
      '26-11-27',
      '2026-11-27T10:00',
      '',
    ]) {
      expect(() => addDaysToDate(bad, 1), bad).toThrow(RangeError);
      expect(() => weekdayOfDate(bad), bad).toThrow(RangeError);
    }
  });
});
