import { describe, expect, it } from 'vitest';
import type { EventResource } from './domain/event-types';
import { ExpansionBudget } from './domain/recurrence';
import { ExpansionCache, occurrencesAfter, occurrencesOf } from './domain/occurrences';
import { DAY_MS } from './domain/time';

const daily = (recurrence = 'RRULE:FREQ=DAILY'): EventResource => ({
  id: 'standup',
  iCalUID: 'standup@test',
  status: 'confirmed',
  sequence: 0,
  created: '2030-01-01T00:00:00.000Z',
  updated: '2030-01-01T00:00:00.000Z',
  start: { dateTime: '2030-01-01T09:00:00Z' },
  end: { dateTime: '2030-01-01T09:30:00Z' },
  recurrence: [recurrence],
});
const row = { pk: 1, change_seq: 1, event_id: 'standup' };
const jan1 = Date.UTC(2030, 0, 1);

describe('series expansion cache', () => {
  it('answers a repeated window from the cache with the same occurrences', () => {
    const cache = new ExpansionCache();
    const window = { min: jan1, max: jan1 + 7 * DAY_MS };
    const first = occurrencesOf(cache, row, daily(), 'UTC', window);
    expect(first.map((o) => new Date(o.startMs).toISOString())).toEqual(
      Array.from({ length: 7 }, (_, i) => new Date(jan1 + i * DAY_MS + 9 * 3_600_000).toISOString()),
    );
    expect(occurrencesOf(cache, row, daily(), 'UTC', window)).toBe(first);
    expect(cache.size()).toEqual({ entries: 1, occurrences: 7 });
  });

  it('holds a bounded number of occurrences however many distinct windows are expanded', () => {
    const cache = new ExpansionCache();
    // Two years of a daily series per window, the window moving by a millisecond each time (as a
    // sync's horizon does): 100 × 731 occurrences unbounded.
    let last: number[] = [];
    for (let i = 0; i < 100; i++) {
      const all = occurrencesOf(cache, row, daily(), 'UTC', { min: jan1, max: jan1 + 731 * DAY_MS + i });
      last = all.map((o) => o.startMs);
      expect(all).toHaveLength(731);
    }
    const size = cache.size();
    expect(size.occurrences).toBeLessThanOrEqual(50_000);
    expect(size.occurrences).toBeGreaterThan(25_000);
    expect(size.entries).toBe(Math.floor(50_000 / 731));
    // The most recent windows are still cached.
    const again = occurrencesOf(cache, row, daily(), 'UTC', { min: jan1, max: jan1 + 731 * DAY_MS + 99 });
    expect(again.map((o) => o.startMs)).toEqual(last);
    expect(cache.size().entries).toBe(size.entries);
  });

  it('does not keep an expansion too large to share the cache', () => {
    const cache = new ExpansionCache();
    const hourly = daily('RRULE:FREQ=HOURLY');
    const all = occurrencesOf(cache, row, hourly, 'UTC', { min: jan1, max: jan1 + 366 * DAY_MS });
    expect(all.length).toBeGreaterThan(8_000);
    expect(cache.size()).toEqual({ entries: 0, occurrences: 0 });
  });

  it('serves every page of a listing from one expansion of the window when the series holds few occurrences in it', () => {
    const cache = new ExpansionCache();
    const window = { min: jan1, max: jan1 + 365 * DAY_MS };
    // Room for one year of a daily series (365 candidates) and a little more: expanding it again for
    // a later page would exceed it.
    const budget = new ExpansionBudget({ examined: 400, ms: 60_000, seriesExamined: 400, seriesMs: 60_000 });
    const pages: number[][] = [];
    let after: [number, string] = [-Infinity, ''];
    for (let page = 0; page < 5; page++) {
      const next = occurrencesAfter(cache, row, daily(), 'UTC', window, after, 30, budget).slice(0, 30);
      pages.push(next.map((o) => o.startMs));
      const last = next[next.length - 1]!;
      after = [last.startMs, last.id];
    }
    expect(pages.flat()).toEqual(Array.from({ length: 150 }, (_, i) => jan1 + i * DAY_MS + 9 * 3_600_000));
    expect(cache.size()).toEqual({ entries: 1, occurrences: 365 });
  });

  it('expands a series too dense for that page by page, from the cursor', () => {
    const cache = new ExpansionCache();
    // Three years of a daily series: more than the whole-window expansion takes.
    const window = { min: jan1, max: jan1 + 3 * 365 * DAY_MS };
    const after: [number, string] = [jan1 + 800 * DAY_MS + 9 * 3_600_000, 'standup_20320311T090000Z'];
    const next = occurrencesAfter(cache, row, daily(), 'UTC', window, after, 10, new ExpansionBudget());
    expect(next.slice(0, 3).map((o) => o.startMs)).toEqual(
      [801, 802, 803].map((day) => jan1 + day * DAY_MS + 9 * 3_600_000),
    );
  });
});
