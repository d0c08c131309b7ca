import type { EventRow } from './events-repository';
import { firstAfter } from './occurrence-heap';
import { instanceId, occurrenceDateTime, occurrenceEnd, resolveTime } from './event-time';
import type { ResolvedTime } from './event-time';
import type { EventResource } from './event-types';
import { ExpansionBudget, expandFloating, parseRecurrence } from './recurrence';
import type { SeriesTiming } from './recurrence';
import { DAY_MS, floatingToInstant, instantToFloating, offsetMinutes } from './time';

/** One occurrence of a recurring event, as generated from its rules. */
export interface Occurrence {
  id: string;
  startMs: number;
  endMs: number;
  /** Start in the series' wall-clock time (a date at midnight for all-day series). */
  floating: number;
}

export interface TimeWindow {
  /** Occurrences must end after this instant (or at it, when `inclusiveMin`). */
  min: number;
  /** Occurrences must start before this instant. */
  max: number;
  inclusiveMin?: boolean;
}

/** Instants at or beyond this magnitude stand for "no bound". */
const MAX_INSTANT = 8e15;

/**
 * Expansions are pure functions of the series row version, the calendar zone and the window: cache
 * them. One expansion can hold up to 100,000 occurrences and windows differ from request to
 * request (a sync's horizon moves with the clock), so the cache is bounded by the occurrences it
 * holds (≈ 150 bytes each), not by its entries; an expansion larger than a tenth of the bound is
 * not kept.
 */
const CACHE_ENTRIES = 2000;
const CACHE_OCCURRENCES = 50_000;
const LARGEST_CACHED = CACHE_OCCURRENCES / 10;

/** Occurrences of a window, in start order; not `complete` when cut at the number asked for. */
interface Expansion {
  list: Occurrence[];
  complete: boolean;
}

/** Expansions kept between requests by one Calendar area (see the bound above). */
export class ExpansionCache {
  readonly entries = new Map<string, Expansion>();
  occurrences = 0;

  /** What the cache holds (for tests of its bound). */
  size(): { entries: number; occurrences: number } {
    return { entries: this.entries.size, occurrences: this.occurrences };
  }

  clear(): void {
    this.entries.clear();
    this.occurrences = 0;
  }
}

type SeriesRow = Pick<EventRow, 'pk' | 'change_seq' | 'event_id'>;

function cachedExpansion(
  cache: ExpansionCache,
  row: SeriesRow,
  resource: EventResource,
  calendarZone: string,
  window: TimeWindow,
  budget: ExpansionBudget,
  take: number,
): Expansion {
  const key = `${row.pk}:${row.change_seq}:${calendarZone}:${window.min}:${window.max}:${window.inclusiveMin ? 1 : 0}:${take}`;
  const { entries } = cache;
  const hit = entries.get(key);
  if (hit) {
    // Least recently used first out: a hit moves to the end.
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  const result = expand(row.event_id, resource, calendarZone, window, budget, take);
  if (result.list.length > LARGEST_CACHED) return result;
  entries.set(key, result);
  cache.occurrences += result.list.length;
  while (entries.size > CACHE_ENTRIES || cache.occurrences > CACHE_OCCURRENCES) {
    const [oldestKey, oldest] = entries.entries().next().value!;
    entries.delete(oldestKey);
    cache.occurrences -= oldest.list.length;
  }
  return result;
}

const ALL = 100_000;
/** Most occurrences a listing's window may hold for a series to be expanded whole (see occurrencesAfter). */
const WHOLE_WINDOW = 1_000;

/**
 * Occurrences of the series in `row` overlapping `window`, in start order. `max` must be finite
 * for an endless series (callers apply an expansion horizon).
 */
export function occurrencesOf(
  cache: ExpansionCache,
  row: SeriesRow,
  resource: EventResource,
  calendarZone: string,
  window: TimeWindow,
  budget: ExpansionBudget = new ExpansionBudget(),
): Occurrence[] {
  return cachedExpansion(cache, row, resource, calendarZone, window, budget, ALL).list;
}

/**
 * At least `need` occurrences of the series in `window` ordered after `after` (fewer only when the
 * window holds fewer), in start order. A page needs only its own occurrences, so a long or dense
 * series costs what the page shows, not what the window holds.
 */
export function occurrencesAfter(
  cache: ExpansionCache,
  row: SeriesRow,
  resource: EventResource,
  calendarZone: string,
  window: TimeWindow,
  after: [number, string],
  need: number,
  budget: ExpansionBudget,
): Occurrence[] {
  // Most series hold few occurrences in a listing's window (a daily one, a year: 365). Expanded
  // whole once, under a key that does not change from page to page, the expansion serves every
  // page of the listing from the cache. A denser series is expanded page by page below.
  const whole = cachedExpansion(cache, row, resource, calendarZone, window, budget, WHOLE_WINDOW);
  if (whole.complete) return whole.list.slice(firstAfter(whole.list, after));
  // Occurrences after the key end at or after its start.
  const from: TimeWindow = after[0] > window.min ? { ...window, min: after[0], inclusiveMin: true } : window;
  for (let take = need + 16; ; take *= 4) {
    const { list, complete } = cachedExpansion(cache, row, resource, calendarZone, from, budget, Math.min(take, ALL));
    const rest = list.slice(firstAfter(list, after));
    if (complete || rest.length >= need || take >= ALL) return rest;
  }
}

/**
 * Around a change of offset, wall-clock order and instant order differ by the change: a bound
 * converted to wall-clock time is widened by any change within a day of it (none in most
 * windows, so a dense series is not expanded beyond the window).
 */
function marginAt(zone: string, ms: number): number {
  const change = Math.abs(offsetMinutes(zone, ms - DAY_MS) - offsetMinutes(zone, ms + DAY_MS)) * 60_000;
  return change === 0 ? 0 : change + 60_000;
}

function expand(
  seriesId: string,
  resource: EventResource,
  calendarZone: string,
  window: TimeWindow,
  budget: ExpansionBudget,
  take: number,
): Expansion {
  const start = resolveTime(resource.start, calendarZone);
  const end = resolveTime(resource.end, calendarZone);
  const series: SeriesTiming = { allDay: start.allDay, zone: start.zone, startFloating: start.floating };
  const rec = parseRecurrence(resource.recurrence ?? []);
  const span = Math.max(0, end.ms - start.ms);
  const margin = (ms: number) => (series.allDay ? DAY_MS : marginAt(series.zone, ms));
  // Bounds beyond the representable range (the "no bound" sentinels) are not converted. The
  // series' start is no lower bound: an RDATE may come before it.
  const from =
    window.min > -MAX_INSTANT
      ? instantToFloating(series.zone, window.min - span) - margin(window.min - span)
      : -MAX_INSTANT;
  if (window.max >= MAX_INSTANT) throw new Error('Expanding an endless window: callers bound it with a horizon.');
  const to = instantToFloating(series.zone, window.max) + margin(window.max);
  const out: Occurrence[] = [];
  const floatings = expandFloating(rec, series, from, to, take, budget);
  for (const floating of floatings) {
    const startMs = floatingToInstant(series.zone, floating);
    if (startMs >= window.max) continue;
    const endMs = occurrenceEnd(series, start, end, floating, startMs);
    if (window.inclusiveMin ? endMs < window.min : endMs <= window.min) continue;
    out.push({ id: instanceId(seriesId, series.allDay, floating, startMs), startMs, endMs, floating });
  }
  return { list: out, complete: floatings.length < take };
}

/** The occurrence of the series with this id, or undefined if its rules do not produce one. */
export function findOccurrence(
  cache: ExpansionCache,
  row: Pick<EventRow, 'pk' | 'change_seq' | 'event_id'>,
  resource: EventResource,
  calendarZone: string,
  id: string,
  approxStartMs: number,
): Occurrence | undefined {
  const window = { min: approxStartMs - 2 * DAY_MS, max: approxStartMs + 2 * DAY_MS };
  return occurrencesOf(cache, row, resource, calendarZone, window).find((o) => o.id === id);
}

/** The series' own start and end, resolved once and reused for each of its occurrences. */
export interface SeriesTemplate {
  start: ResolvedTime;
  end: ResolvedTime;
}

export function seriesTemplate(series: EventResource, calendarZone: string): SeriesTemplate {
  return { start: resolveTime(series.start, calendarZone), end: resolveTime(series.end, calendarZone) };
}

/** The resource of a generated occurrence: the series' fields at the occurrence's times. */
export function occurrenceResource(
  series: EventResource,
  occurrence: Occurrence,
  calendarZone: string,
  template: SeriesTemplate = seriesTemplate(series, calendarZone),
): EventResource {
  const { start, end } = template;
  const out: EventResource = { ...series, id: occurrence.id, recurringEventId: series.id };
  delete out.recurrence;
  out.start = occurrenceDateTime(series.start, start.allDay, occurrence.floating, occurrence.startMs);
  out.end = occurrenceDateTime(
    series.end,
    start.allDay,
    occurrence.floating + (end.floating - start.floating),
    occurrence.endMs,
  );
  out.originalStartTime = out.start;
  return out;
}
