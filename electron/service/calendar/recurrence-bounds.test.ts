import { describe, expect, it } from 'vitest';
import { ExpansionBudget, expandFloating, lastOccurrenceFloating, parseRecurrence } from './domain/recurrence';
import type { SeriesTiming } from './domain/recurrence';
import { RRule, RRuleSet } from './domain/rrule-lib';
import { DAY_MS } from './domain/time';

/**
 * Expansion starts at the window instead of walking from the series' start. Each rule is checked
 * against rrule walking the whole series (the reference), over windows near and far from the start.
 */

const start = Date.UTC(2030, 0, 15, 9, 30); // a Tuesday
const timing: SeriesTiming = { allDay: false, zone: 'UTC', startFloating: start };

function reference(lines: string[], from: number, to: number): number[] {
  const set = new RRuleSet();
  for (const line of lines) {
    const [name, value = ''] = line.split(':');
    const rule = new RRule({ ...RRule.parseString(value), dtstart: new Date(start), tzid: null });
    if (name === 'RRULE') set.rrule(rule);
    else set.exrule(rule);
  }
  return set.between(new Date(from), new Date(to), true).map((d) => d.getTime());
}

const rules = [
  'RRULE:FREQ=DAILY',
  'RRULE:FREQ=DAILY;INTERVAL=3',
  'RRULE:FREQ=DAILY;COUNT=4000',
  'RRULE:FREQ=DAILY;INTERVAL=2;BYDAY=MO,TH',
  'RRULE:FREQ=DAILY;BYMONTH=3,10;BYDAY=SA',
  'RRULE:FREQ=DAILY;BYMONTHDAY=29;BYMONTH=2',
  'RRULE:FREQ=DAILY;BYHOUR=8,17;BYMINUTE=0',
  'RRULE:FREQ=WEEKLY',
  'RRULE:FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,WE,FR',
  'RRULE:FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU,TU',
  'RRULE:FREQ=WEEKLY;INTERVAL=2;BYMONTH=6,7',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
  'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=900',
  'RRULE:FREQ=MONTHLY',
  'RRULE:FREQ=MONTHLY;INTERVAL=5',
  'RRULE:FREQ=MONTHLY;BYMONTHDAY=31',
  'RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;INTERVAL=2',
  'RRULE:FREQ=MONTHLY;BYDAY=2SU,-1FR',
  'RRULE:FREQ=MONTHLY;INTERVAL=4;BYDAY=5MO',
  'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1',
  'RRULE:FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;COUNT=60',
  'RRULE:FREQ=MONTHLY;COUNT=700',
  'RRULE:FREQ=YEARLY',
  'RRULE:FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29',
  'RRULE:FREQ=YEARLY;BYWEEKNO=1,53;BYDAY=MO',
  'RRULE:FREQ=YEARLY;BYYEARDAY=1,100,-1',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=4TH',
  'RRULE:FREQ=YEARLY;COUNT=90',
  'RRULE:FREQ=DAILY;UNTIL=20790301T000000Z',
];

const windows: [number, number][] = [
  [start - 10 * DAY_MS, start + 40 * DAY_MS],
  [Date.UTC(2041, 5, 1), Date.UTC(2041, 9, 1)],
  [Date.UTC(2078, 10, 20), Date.UTC(2080, 2, 10)],
];

describe('expansion from the window', () => {
  for (const rule of rules) {
    it(`gives what walking from the start gives: ${rule}`, () => {
      for (const [from, to] of windows) {
        const got = expandFloating(parseRecurrence([rule]), timing, from, to);
        expect(got.map((t) => new Date(t).toISOString())).toEqual(
          reference([rule], from, to).map((t) => new Date(t).toISOString()),
        );
      }
    });
  }

  it('removes EXRULE occurrences from a window far from the start', () => {
    const lines = ['RRULE:FREQ=DAILY', 'EXRULE:FREQ=WEEKLY;BYDAY=SA,SU'];
    const [from, to] = [Date.UTC(2090, 0, 1), Date.UTC(2090, 1, 1)];
    const got = expandFloating(parseRecurrence(lines), timing, from, to);
    expect(got).toEqual(reference(lines, from, to));
    // January 2090 has 22 weekdays.
    expect(got).toHaveLength(22);
  });

  it('reads a window decades after the start without walking the decades between', () => {
    const far = Date.UTC(2098, 0, 1);
    for (const rule of [
      'RRULE:FREQ=DAILY',
      'RRULE:FREQ=SECONDLY;INTERVAL=3600',
      'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    ]) {
      const budget = new ExpansionBudget({ examined: 50, ms: 10_000, seriesExamined: 50, seriesMs: 10_000 });
      const got = expandFloating(parseRecurrence([rule]), timing, far, far + DAY_MS, 100_000, budget);
      expect(got.length).toBeLessThanOrEqual(25);
    }
  });

  it('answers no occurrence for a rule naming no day, quickly, whatever the window', () => {
    for (const rule of [
      'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      'RRULE:FREQ=WEEKLY;BYMONTH=2;BYMONTHDAY=30',
      'RRULE:FREQ=MONTHLY;BYMONTH=4;BYMONTHDAY=31',
      'RRULE:FREQ=DAILY;INTERVAL=7;BYDAY=TU;BYMONTH=2;BYMONTHDAY=30;COUNT=3',
    ]) {
      const began = performance.now();
      const far = Date.UTC(2098, 0, 1);
      expect(expandFloating(parseRecurrence([rule]), timing, far, far + DAY_MS)).toEqual([]);
      // A counted rule that never reaches its count is taken as endless; the others are endless.
      expect(lastOccurrenceFloating(parseRecurrence([rule]), timing)).toBeUndefined();
      expect(performance.now() - began).toBeLessThan(400);
    }
  });

  it('stops a request whose rules would produce too many candidates with 403 quotaExceeded', () => {
    const far = Date.UTC(2098, 0, 1);
    const began = performance.now();
    let caught: unknown;
    try {
      expandFloating(parseRecurrence(['RRULE:FREQ=SECONDLY']), timing, far, far + 30 * DAY_MS);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 403, reason: 'quotaExceeded' });
    expect(performance.now() - began).toBeLessThan(1500);
  });

  it('counts the occurrences skipped before the window against COUNT', () => {
    const rule = ['RRULE:FREQ=DAILY;COUNT=100'];
    const lastDay = start + 99 * DAY_MS;
    expect(expandFloating(parseRecurrence(rule), timing, lastDay - DAY_MS, lastDay + 10 * DAY_MS)).toEqual([
      lastDay - DAY_MS,
      lastDay,
    ]);
    expect(expandFloating(parseRecurrence(rule), timing, Date.UTC(2040, 0, 1), Date.UTC(2041, 0, 1))).toEqual([]);
    expect(lastOccurrenceFloating(parseRecurrence(rule), timing)).toBe(lastDay);
  });
});
