import type { VisibleRange } from './visible-range';

/**
 * The week FullCalendar will show first (Sunday-based, local midnights), so events can be
 * requested before the grid has reported its range.
 */
export function currentWeek(now: Date = new Date(), firstDay = 0): VisibleRange {
  const offset = (now.getDay() - firstDay + 7) % 7;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - offset);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7);
  return { start, end };
}

/**
 * Where "New event" (the keyboard way to create one) proposes a slot: the next full hour today when
 * today is visible (never past midnight), else 09:00 on the first visible day; one hour long.
 */
export function proposedEventRange(visible: VisibleRange, now: Date = new Date()): { start: Date; end: Date; allDay: false } {
  const todayVisible = now >= visible.start && now < visible.end;
  let start: Date;
  if (todayVisible) {
    const hour = Math.min(now.getHours() + 1, 23);
    start = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour);
  } else {
    start = new Date(visible.start.getFullYear(), visible.start.getMonth(), visible.start.getDate(), 9);
  }
  return { start, end: new Date(start.getTime() + 60 * 60 * 1000), allDay: false };
}
