import { instantOfWallTime, wallTimeOf } from './time-zone';

/** The dates FullCalendar currently shows (start inclusive, end exclusive), as instants. */
export interface VisibleRange {
  start: Date;
  end: Date;
}

/** CalendarEventsList parameters for a visible range: expanded instances in start order. */
export function eventsListParams(calendarId: string, range: VisibleRange) {
  return {
    calendarId,
    timeMin: range.start.toISOString(),
    timeMax: range.end.toISOString(),
    singleEvents: true,
    orderBy: 'startTime',
    maxResults: 2500,
  } as const;
}

export function sameRange(a: VisibleRange | null, b: VisibleRange | null): boolean {
  return a?.start.getTime() === b?.start.getTime() && a?.end.getTime() === b?.end.getTime();
}

/** The range `days` calendar days later (earlier when negative), keeping clock times in `zone` across DST. */
export function shiftRangeByDays(range: VisibleRange, days: number, zone: string): VisibleRange {
  const shift = (date: Date) => {
    const wall = wallTimeOf(date.getTime(), zone);
    const moved = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
    return new Date(
      instantOfWallTime(
        { ...wall, year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() },
        zone,
      ),
    );
  };
  return { start: shift(range.start), end: shift(range.end) };
}
