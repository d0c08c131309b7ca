import type { EventInput } from '@fullcalendar/react';
import {
  keepPreviousData,
  replaceEqualDeep,
  useQueries,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { apiQueryKey, callApiAllPages, useActiveAccount, type ResultFor } from '../../lib/api';
import { lastKnownCalendarRange } from '../../lib/last-known';
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
 * Structural sharing for a range's events list: the first answer is shared with the last-known page
 * shown until it came. Unchanged, it is that very page, so the grid (mapped per page) is not mapped
 * and laid out again for the same events at start; changed, its unchanged events are the same objects.
 */
export function sharedWithLastKnown(account: string, rangeKey: string, calendarId: string) {
  return (previous: unknown, fetched: unknown): unknown =>
    replaceEqualDeep(previous ?? lastKnownCalendarRange.read(account, rangeKey)?.[calendarId], fetched);
}

/** Grid input per list page, computed once per page, calendar look and palette. */
const mappedCache = new WeakMap<object, { key: string; palettes: Palettes; inputs: EventInput[] }>();

function mappedEvents(page: EventsPage | undefined, calendar: CalendarInfo, palettes: Palettes): EventInput[] {
  if (!page) return [];
  const key = `${calendar.id}:${calendar.color.background}:${calendar.color.foreground}:${calendar.writable}:${calendar.accessRole}`;
  const cached = mappedCache.get(page);
  if (cached && cached.key === key && cached.palettes === palettes) return cached.inputs;
  const context = {
    calendarId: calendar.id,
    color: calendar.color,
    writable: calendar.writable,
    busyOnly: calendar.accessRole === 'freeBusyReader',
  };
  const inputs = toCalendarEventInputs(listItems<GoogleEvent>(page, 'items'), context, palettes);
  mappedCache.set(page, { key, palettes, inputs });
  return inputs;
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

  // The grid's input changes only when some calendar's events do: a background refetch that brings
  // the same data, or a fetch starting or ending, must not make FullCalendar lay out the week again.
  const last = useRef<{ parts: EventInput[][]; events: EventInput[]; byKey: VisibleEvents['byKey'] } | null>(null);
  const calendarsKey = shown
    .map((calendar) => `${calendar.id}:${calendar.color.background}:${calendar.accessRole}`)
    .join('|');

  const combine = useCallback(
    (results: UseQueryResult<EventsPage, Error>[]): VisibleEvents => {
      let error: VisibleEvents['error'] = null;
      const parts = results.map((result, index) => {
        const calendar = shown[index];
        if (!calendar) return [] as EventInput[];
        if (result.error && !error) error = { calendar, error: result.error };
        return mappedEvents(result.data, calendar, palettes);
      });
      const previous = last.current;
      if (
        !previous ||
        previous.parts.length !== parts.length ||
        parts.some((part, index) => part !== previous.parts[index])
      ) {
        const byKey: VisibleEvents['byKey'] = new Map();
        results.forEach((result, index) => {
          const calendar = shown[index];
          if (!calendar) return;
          for (const event of listItems<GoogleEvent>(result.data, 'items'))
            if (event.id) byKey.set(eventKey(calendar.id, event.id), { event, calendar });
        });
        last.current = { parts, events: parts.flat(), byKey };
      }
      const current = last.current ?? { events: [], byKey: new Map() };
      return {
        events: current.events,
        byKey: current.byKey,
        isPending: results.some((result) => result.isPending),
        isFetching: results.some((result) => result.isFetching),
        error,
        hasData: results.some((result) => result.data !== undefined),
        refetch: () => results.forEach((result) => void result.refetch()),
      };
    },
    // `shown` is derived from `calendars` each render; `calendarsKey` says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [calendarsKey, palettes],
  );

  const shownIds = shown.map((calendar) => calendar.id).join('\n');
  // Until the range's events arrive, show what was last seen for it (a cold start shows the last-known week).
  const rangeKey = `${range.start.toISOString()}/${range.end.toISOString()}`;
  const visible = useQueries({
    queries: shown.map((calendar) => ({
      ...eventsQuery(calendar.id, range, account),
      placeholderData: (previous: EventsPage | undefined) =>
        lastKnownCalendarRange.read(account, rangeKey)?.[calendar.id] ?? keepPreviousData(previous),
      structuralSharing: sharedWithLastKnown(account, rangeKey, calendar.id),
    })),
    combine,
  });
  const settled = !visible.isFetching && !visible.error && shown.length > 0;
  useEffect(() => {
    if (!settled || !account) return;
    const pages: Record<string, EventsPage> = {};
    const known = lastKnownCalendarRange.read(account, rangeKey);
    let unchanged = known !== undefined && Object.keys(known).length === shownIds.split('\n').length;
    for (const id of shownIds.split('\n')) {
      const page = client.getQueryData<EventsPage>(eventsQuery(id, range, account).queryKey);
      if (!page) return;
      pages[id] = page;
      if (page !== known?.[id]) unchanged = false;
    }
    // What is stored already (a start whose answers matched it) is not checked and stored again.
    if (!unchanged) lastKnownCalendarRange.write(account, rangeKey, pages);
  }, [settled, account, range, rangeKey, shownIds, client, visible.events]);

  // The neighbours are asked for once this range's own answer is in, not while it loads (a start
  // shows the last-known week and waits for the fresh one): they would compete with it.
  const loaded = !visible.isPending && !visible.isFetching;
  const rangeStart = range.start.getTime();
  const rangeEnd = range.end.getTime();
  useEffect(() => {
    if (!prefetchNeighboursIn || !loaded || !shownIds) return;
    const current = { start: new Date(rangeStart), end: new Date(rangeEnd) };
    const days = Math.round((rangeEnd - rangeStart) / 86_400_000);
    for (const shift of [days, -days]) {
      const neighbour = shiftRangeByDays(current, shift, prefetchNeighboursIn);
      for (const calendarId of shownIds.split('\n')) {
        void client.prefetchQuery({ ...eventsQuery(calendarId, neighbour, account), staleTime: 15_000 });
      }
    }
  }, [loaded, rangeStart, rangeEnd, shownIds, prefetchNeighboursIn, account, client]);

  return visible;
}
