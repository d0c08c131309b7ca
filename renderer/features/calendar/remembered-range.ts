import { z } from 'zod';
import { lastKnownStore } from '../../lib/last-known';
import { lazySchema } from '../../../shared/api/schemas/lazy';
import type { CalendarPreferences } from './calendar-settings';
import type { CalendarViewId } from './calendar-store';
import { dateInZone } from './time-zone';
import type { VisibleRange } from './visible-range';

/**
 * FullCalendar says which dates it shows (datesSet) only once it has drawn them, so the grid's first
 * frame would have no events and the week would be drawn twice. What it shows at start depends
 * only on these and on the day: the range it showed on a day, for the same view and settings, is
 * the range it shows again that day, so the events can be asked for (and the last-known ones drawn)
 * before it mounts.
 */
export interface RangeInputs {
  view: CalendarViewId;
  zone: string;
  preferences: Pick<CalendarPreferences, 'weekStart' | 'hideWeekends' | 'locale'>;
}

const store = lastKnownStore(
  'calendar-visible-range',
  lazySchema(() => z.object({ start: z.iso.datetime(), end: z.iso.datetime() })),
  { maxBytes: 1024 },
);

function keyOf({ view, zone, preferences }: RangeInputs, now: number): string {
  const today = dateInZone(now, zone);
  return JSON.stringify([view, zone, preferences.weekStart, preferences.hideWeekends, preferences.locale ?? '', today]);
}

/** The range the grid showed on this day for these inputs, if it was remembered. */
export function rememberedRange(account: string, inputs: RangeInputs, now = Date.now()): VisibleRange | null {
  const stored = store.read(account, keyOf(inputs, now));
  return stored ? { start: new Date(stored.start), end: new Date(stored.end) } : null;
}

/**
 * Remembers `range` as what the grid shows at start for `inputs`: only a range whose current
 * period (`current`, the week or month itself) holds today is, as the grid always opens on today.
 */
export function rememberRange(
  account: string,
  inputs: RangeInputs,
  range: VisibleRange,
  current: VisibleRange,
  now = Date.now(),
): void {
  if (!account || now < current.start.getTime() || now >= current.end.getTime()) return;
  const key = keyOf(inputs, now);
  const value = { start: range.start.toISOString(), end: range.end.toISOString() };
  const stored = store.read(account, key);
  if (stored?.start !== value.start || stored.end !== value.end) store.write(account, key, value);
}
