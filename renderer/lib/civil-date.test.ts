import { describe, expect, it } from 'vitest';
import { addDaysToDate, daysBetween, outsideRange, weekdayOfDate } from './civil-date';

describe('civil dates', () => {
  it('adds days across month, year and leap-day ends', () => {
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDate('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(weekdayOfDate('2026-11-30')).toBe(1);
  });

  it('tells a day outside a range, either bound open', () => {
    expect(outsideRange('2026-11-29', '2026-11-30', undefined)).toBe(true);
    expect(outsideRange('2026-11-30', '2026-11-30', '2026-12-01')).toBe(false);
    expect(outsideRange('2026-12-01', '2026-11-30', '2026-12-01')).toBe(false);
    expect(outsideRange('2026-12-02', undefined, '2026-12-01')).toBe(true);
    expect(outsideRange('1999-01-01', undefined, undefined)).toBe(false);
  });
});
