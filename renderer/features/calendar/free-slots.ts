import {
  addDaysToDate,
  formatDateParts,
  instantOfWallTime,
  parseWallTime,
  wallTimeOf,
  weekdayOfDate,
} from './time-zone';

/** A busy or free period, as instants (ms), end exclusive. */
export interface Interval {
  start: number;
  end: number;
}

export interface SlotSearch {
  /** Earliest start considered. */
  from: number;
  /** Length of the meeting. */
  durationMs: number;
  /** Zone the working hours are read in. */
  zone: string;
  /** Working hours, as hours of the day in `zone` (end exclusive). */
  dayStartHour: number;
  dayEndHour: number;
  /** Skip Saturdays and Sundays. */
  weekdaysOnly: boolean;
  /** Give up after this many days. */
  days: number;
  /** Candidate starts are rounded up to this step (e.g. 15 minutes). */
  stepMs: number;
}

/** Busy periods of several people merged into one sorted, non-overlapping list. */
export function mergeIntervals(lists: readonly (readonly Interval[])[]): Interval[] {
  const all = lists.flat().filter((interval) => interval.end > interval.start);
  all.sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of all) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

function roundUp(ms: number, step: number): number {
  return Math.ceil(ms / step) * step;
}

/**
 * The first slot of `durationMs` at or after `from`, within working hours, when nobody is busy.
 * `busy` must be merged (sorted, non-overlapping). Null when none is found within `days`.
 */
export function nextFreeSlot(busy: readonly Interval[], search: SlotSearch): Interval | null {
  const startWall = wallTimeOf(search.from, search.zone);
  let date = formatDateParts(startWall.year, startWall.month, startWall.day);
  for (let day = 0; day < search.days; day += 1, date = addDaysToDate(date, 1)) {
    const weekday = weekdayOfDate(date);
    if (search.weekdaysOnly && (weekday === 0 || weekday === 6)) continue;
    const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const open = parseWallTime(date, hour(search.dayStartHour));
    const close =
      search.dayEndHour >= 24
        ? parseWallTime(addDaysToDate(date, 1), '00:00')
        : parseWallTime(date, hour(search.dayEndHour));
    if (!open || !close) continue;
    const dayStart = instantOfWallTime(open, search.zone);
    const dayEnd = instantOfWallTime(close, search.zone);
    let candidate = roundUp(Math.max(dayStart, search.from), search.stepMs);
    for (const block of busy) {
      if (block.end <= candidate) continue;
      if (block.start >= candidate + search.durationMs) break;
      candidate = roundUp(block.end, search.stepMs);
    }
    if (candidate + search.durationMs <= dayEnd) return { start: candidate, end: candidate + search.durationMs };
  }
  return null;
}

/** Whether `slot` overlaps any busy period. */
export function overlapsBusy(slot: Interval, busy: readonly Interval[]): boolean {
  return busy.some((block) => block.start < slot.end && block.end > slot.start);
}
