/** The dates FullCalendar currently shows (start inclusive, end exclusive). */
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
