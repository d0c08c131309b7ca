import { describe, expect, it } from 'vitest';
import { dateFromWords } from './calendar-commands';

const now = new Date(2026, 10, 26, 10, 0);
const day = (date: Date | null) => (date ? `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}` : null);

describe('dateFromWords', () => {
  it('reads a day said in words, looking forward', async () => {
    expect(day(await dateFromWords('dec 20', now))).toBe('2026-12-20');
    // A day already past this year is next year's.
    expect(day(await dateFromWords('jan 4', now))).toBe('2027-1-4');
    expect(day(await dateFromWords('tomorrow', now))).toBe('2026-11-27');
    expect(day(await dateFromWords('2027-03-01', now))).toBe('2027-3-1');
  });

  it('answers nothing for words that are not only a date', async () => {
    expect(await dateFromWords('meeting with sam dec 20', now)).toBeNull();
    expect(await dateFromWords('new event', now)).toBeNull();
    expect(await dateFromWords('zzqx', now)).toBeNull();
  });
});
