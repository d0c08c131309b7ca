import { describe, expect, it } from 'vitest';
import { rememberedRange, rememberRange, type RangeInputs } from './remembered-range';

const preferences = { weekStart: 0, hideWeekends: false, locale: undefined };
const week: RangeInputs = { view: 'week', zone: 'Europe/Paris', preferences };
// Wednesday 2026-11-25, 10:00 in Paris.
const now = Date.parse('2026-11-25T09:00:00Z');
const shown = { start: new Date('2026-11-21T23:00:00Z'), end: new Date('2026-11-28T23:00:00Z') };

describe('remembered visible range', () => {
  it('gives back the range the grid showed today for the same view, zone and week settings', () => {
    rememberRange('acct-same', week, shown, shown, now);
    expect(rememberedRange('acct-same', week, now + 3_600_000)).toEqual(shown);
  });

  it('knows nothing on another day, in another view, zone or week start, or for another account', () => {
    rememberRange('acct-other', week, shown, shown, now);
    expect(rememberedRange('acct-other', week, now + 86_400_000)).toBeNull();
    expect(rememberedRange('acct-other', { ...week, view: 'month' }, now)).toBeNull();
    expect(rememberedRange('acct-other', { ...week, zone: 'America/New_York' }, now)).toBeNull();
    expect(rememberedRange('acct-other', { ...week, preferences: { ...preferences, weekStart: 1 } }, now)).toBeNull();
    expect(rememberedRange('acct-nobody', week, now)).toBeNull();
  });

  it('keeps only a range whose own period holds today, as the grid opens on today', () => {
    // A month grid shows days of the months around it: November's first days in October's grid
    // do not make October's grid the one that opens in November.
    const octoberGrid = { start: new Date('2026-09-27T22:00:00Z'), end: new Date('2026-11-07T23:00:00Z') };
    const october = { start: new Date('2026-09-30T22:00:00Z'), end: new Date('2026-10-31T23:00:00Z') };
    const month = { ...week, view: 'month' as const };
    rememberRange('acct-month', month, octoberGrid, october, Date.parse('2026-11-03T09:00:00Z'));
    expect(rememberedRange('acct-month', month, Date.parse('2026-11-03T09:00:00Z'))).toBeNull();

    const nextWeek = { start: new Date('2026-11-28T23:00:00Z'), end: new Date('2026-12-05T23:00:00Z') };
    rememberRange('acct-month', week, nextWeek, nextWeek, now);
    expect(rememberedRange('acct-month', week, now)).toBeNull();
  });

  it('remembers nothing without an account', () => {
    rememberRange('', week, shown, shown, now);
    expect(rememberedRange('', week, now)).toBeNull();
  });
});
