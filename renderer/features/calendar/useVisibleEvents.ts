import type { EventInput } from '@fullcalendar/react';
import { keepPreviousData, useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { apiQueryKey, callApiAllPages, useActiveAccount, type ResultFor } from '../../lib/api';
import { listItems } from '../../lib/list-cache';
import type { CalendarInfo } from './calendar-data';
import type { Palettes } from './colors';
import { eventKey, toCalendarEventInputs, type GoogleEvent } from './event-mapping';
import { eventsListParams, shiftRangeByDays, type VisibleRange } from './visible-range';

type EventsPage = ResultFor<'CalendarEventsList'>;

export interface VisibleEvents {
  /** FullCalendar input for every event of every selected calendar. */
  events: EventInput[];
  /** Stored events by grid key, for the editor and the handlers. */
  byKey: Map<string, { event: GoogleEvent; calendar: CalendarInfo }>;
  isPending: boolean;
  isFetching: boolean;
  /** The first failure among the calendars, with the calendar's name. */
  error: { calendar: CalendarInfo; error: Error } | null;
  hasData: boolean;
  refetch: () => void;
}

function eventsQuery(calendarId: string, range: VisibleRange, account: string) {
  const params = eventsListParams(calendarId, range);
  return {
    queryKey: apiQueryKey('CalendarEventsList', params, account),
    queryFn: () => callApiAllPages('CalendarEventsList', params, 'items', account ? { account } : {}),
  };
}

/**
 * Events of the selected calendars in the visible range (one list per calendar, instances
 * expanded), mapped for FullCalendar. The neighbouring ranges are fetched in the background, so
 * next/previous shows events at once.
 */
export function useVisibleEvents(
  range: VisibleRange,
  calendars: readonly CalendarInfo[],
  palettes: Palettes,
  /** Fixed-length views (day, week) know their neighbours' ranges: fetch them ahead, read in this zone. */
  prefetchNeighboursIn: string | null,
): VisibleEvents {
  const account = useActiveAccount() ?? '';
  const client = useQueryClient();
  const shown = calendars.filter((calendar) => calendar.selected);

  const combine = useCallback(
    (results: UseQueryResult<EventsPage, Error>[]): VisibleEvents => {
      const events: EventInput[] = [];
      const byKey: VisibleEvents['byKey'] = new Map();
      let error: VisibleEvents['error'] = null;
      results.forEach((result, index) => {
        const calendar = shown[index];
        if (!calendar) return;
        if (result.error && !error) error = { calendar, error: result.error };
        const items = listItems<GoogleEvent>(result.data, 'items');
        const context = { calendarId: calendar.id, color: calendar.color, writable: calendar.writable, busyOnly: calendar.accessRole === 'freeBusyReader' };
        for (const input of toCalendarEventInputs(items, context, palettes)) events.push(input);
        for (const event of items) if (event.id) byKey.set(eventKey(calendar.id, event.id), { event, calendar });
      });
      return {
        events,
        byKey,
        isPending: results.some((result) => result.isPending),
        isFetching: results.some((result) => result.isFetching),
        error,
        hasData: results.some((result) => result.data !== undefined),
        refetch: () => results.forEach((result) => void result.refetch()),
      };
    },
    // `shown` is derived from `calendars` each render; its identity follows the calendars' ids and selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown.map((calendar) => `${calendar.id}:${calendar.color.background}:${calendar.accessRole}`).join('|'), palettes],
  );

  const visible = useQueries({
    queries: shown.map((calendar) => ({ ...eventsQuery(calendar.id, range, account), placeholderData: keepPreviousData })),
    combine,
  });

  const loaded = !visible.isPending;
  useEffect(() => {
    if (!prefetchNeighboursIn || !loaded) return;
    const days = Math.round((range.end.getTime() - range.start.getTime()) / 86_400_000);
    for (const shift of [days, -days]) {
      const neighbour = shiftRangeByDays(range, shift, prefetchNeighboursIn);
      for (const calendar of shown) void client.prefetchQuery({ ...eventsQuery(calendar.id, neighbour, account), staleTime: 15_000 });
    }
    // Prefetch once per range and calendar set, when the visible range has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, range.start.getTime(), range.end.getTime(), shown.map((calendar) => calendar.id).join('|'), prefetchNeighboursIn, account]);

  return visible;
}
