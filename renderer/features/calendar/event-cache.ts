import type { QueryClient, QueryFilters } from '@tanstack/react-query';
import { apiKeyParamsInclude, apiQueryPrefix } from '../../lib/keys';
import { listItems } from '../../lib/list-cache';
import { optimisticUpdate, type OptimisticUpdate } from '../../lib/mutation';
import type { GoogleEvent } from './event-mapping';
import type { WriteStep } from './series-plan';

/**
 * Changes to the cached event lists (CalendarEventsList pages, one per calendar and range), as
 * optimistic updates for `runOptimisticMutation`, which restores them if the service refuses.
 */

type EventsEdit = (items: GoogleEvent[]) => GoogleEvent[];

const ofCalendar = (calendarId: string) => (key: readonly unknown[]) => apiKeyParamsInclude(key, { calendarId });

/** Rewrites the items of every cached list of `calendarId`. */
export function eventListUpdate(calendarId: string, edit: EventsEdit): OptimisticUpdate {
  return optimisticUpdate<Record<string, unknown>>(
    apiQueryPrefix('CalendarEventsList'),
    (page) => ({ ...page, items: edit(listItems<GoogleEvent>(page, 'items')) }),
    ofCalendar(calendarId),
  );
}

/** Every cached list of the calendars: refetched after a write. */
export function eventListFilters(calendarIds: Iterable<string>): QueryFilters[] {
  return [...new Set(calendarIds)].map((calendarId) => ({
    queryKey: apiQueryPrefix('CalendarEventsList'),
    predicate: (query) => ofCalendar(calendarId)(query.queryKey),
  }));
}

/** Puts the stored event in place of its placeholder at once, so it is editable before the refetch lands. */
export function replaceCachedEvent(client: QueryClient, calendarId: string, id: string, event: GoogleEvent): void {
  const { queryKey, predicate, update } = eventListUpdate(calendarId, (items) =>
    items.map((item) => (item.id === id ? event : item)),
  );
  for (const [key, data] of client.getQueriesData({ queryKey })) {
    if (data !== undefined && predicate?.(key) !== false) client.setQueryData(key, update(data));
  }
}

export const removeEvents =
  (matches: (event: GoogleEvent) => boolean): EventsEdit =>
  (items) =>
    items.filter((item) => !matches(item));

export const appendEvent =
  (event: GoogleEvent): EventsEdit =>
  (items) => [...items, event];

/**
 * How the writes of an Undo look before the service answers: events written back reappear as they
 * were (in lists that hold them by id; a restored series shows once the refetch lands), deleted
 * ones go.
 */
export function undoUpdates(steps: readonly WriteStep[]): OptimisticUpdate[] {
  return steps.flatMap((step): OptimisticUpdate[] => {
    if (step.op === 'delete')
      return [
        // A deleted series goes with its instances (lists are expanded: they hold instances, not the series).
        eventListUpdate(
          step.calendarId,
          removeEvents((e) => e.id === step.eventId || e.recurringEventId === step.eventId),
        ),
      ];
    if (step.op !== 'update' || step.body.recurrence) return [];
    const restored = { ...step.body, id: step.eventId } as GoogleEvent;
    return [
      eventListUpdate(step.calendarId, (items) =>
        items.some((item) => item.id === step.eventId)
          ? items.map((item) => (item.id === step.eventId ? { ...item, ...restored } : item))
          : [...items, restored],
      ),
    ];
  });
}
