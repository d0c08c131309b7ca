import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { apiQueryPrefix } from '../../lib/api';
import { listItems } from '../../lib/list-cache';
import type { GoogleEvent } from './event-mapping';

/**
 * Optimistic edits of the cached event lists (CalendarEventsList pages, one per calendar and
 * range). Applied synchronously, so the grid can show a change on the very next frame; a snapshot
 * taken first restores everything if the service refuses.
 */

export type EventListSnapshot = [QueryKey, unknown][];

function calendarOfKey(key: QueryKey): unknown {
  const params = key[3];
  return params && typeof params === 'object' ? (params as Record<string, unknown>).calendarId : undefined;
}

function filterFor(calendarId: string) {
  return {
    queryKey: apiQueryPrefix('CalendarEventsList'),
    predicate: (query: { queryKey: QueryKey }) => calendarOfKey(query.queryKey) === calendarId,
  };
}

/**
 * Rewrites the items of every cached list of `calendarId`. A fetch in flight is cancelled first
 * (synchronously), so it cannot land afterwards with the old data; the refetch after the write
 * brings the truth.
 */
export function editCachedEvents(
  client: QueryClient,
  calendarId: string,
  edit: (items: GoogleEvent[]) => GoogleEvent[],
): EventListSnapshot {
  const filter = filterFor(calendarId);
  void client.cancelQueries(filter);
  const snapshot: EventListSnapshot = [];
  for (const [key, data] of client.getQueriesData<Record<string, unknown>>(filter)) {
    if (data === undefined) continue;
    snapshot.push([key, data]);
    client.setQueryData(key, { ...data, items: edit(listItems<GoogleEvent>(data, 'items')) });
  }
  return snapshot;
}

export function restoreCachedEvents(client: QueryClient, snapshot: EventListSnapshot): void {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}

/** Refetches every cached list of the calendars (after a write, or to undo a failed one). */
export function refreshCalendarEvents(client: QueryClient, calendarIds: Iterable<string>): Promise<void> {
  const ids = new Set(calendarIds);
  return client.invalidateQueries({
    queryKey: apiQueryPrefix('CalendarEventsList'),
    predicate: (query) => ids.has(String(calendarOfKey(query.queryKey))),
  });
}

export const removeEvents =
  (matches: (event: GoogleEvent) => boolean) =>
  (items: GoogleEvent[]): GoogleEvent[] =>
    items.filter((item) => !matches(item));

export const appendEvent =
  (event: GoogleEvent) =>
  (items: GoogleEvent[]): GoogleEvent[] => [...items, event];
