import { describe, expect, it } from 'vitest';
import { currentWeek, proposedEventRange } from './week-start';

describe('currentWeek', () => {
  it('starts on the Sunday at or before the date and spans seven days', () => {
    const week = currentWeek(new Date(2026, 10, 25, 15, 30)); // Wednesday
    expect(week.start).toEqual(new Date(2026, 10, 22));
    expect(week.end).toEqual(new Date(2026, 10, 29));
  });

  it('keeps a Sunday as its own week start and honours another first day', () => {
    expect(currentWeek(new Date(2026, 10, 22, 0, 0)).start).toEqual(new Date(2026, 10, 22));
    expect(currentWeek(new Date(2026, 10, 22), 1).start).toEqual(new Date(2026, 10, 16));
  });
});

describe('proposedEventRange', () => {
  const week = { start: new Date(2026, 10, 22), end: new Date(2026, 10, 29) };

  it('proposes the next full hour today when today is visible', () => {
    const range = proposedEventRange(week, new Date(2026, 10, 25, 14, 20));
    expect(range).toEqual({ start: new Date(2026, 10, 25, 15), end: new Date(2026, 10, 25, 16), allDay: false });
  });

  it('stays on the same day late in the evening', () => {
    expect(proposedEventRange(week, new Date(2026, 10, 25, 23, 30)).start).toEqual(new Date(2026, 10, 25, 23));
  });

  it('proposes 9:00 on the first visible day for another week', () => {
    expect(proposedEventRange(week, new Date(2026, 11, 10, 8)).start).toEqual(new Date(2026, 10, 22, 9));
  });
});
