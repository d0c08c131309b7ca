import { optimisticApiUpdate, useApiMutation } from '../../lib/api';
import { withListItemAppended } from '../../lib/list-cache';
import { newPendingEventId, selectionToEventTimes, type SelectedRange } from './event-mapping';
import { primaryCalendarId } from './useVisibleEvents';

/**
 * CalendarEventsInsert on the primary calendar. The event shows at once (with a pending id) in
 * every cached list of that calendar and disappears again if the service refuses it.
 */
export function useCreateEvent() {
  const mutation = useApiMutation('CalendarEventsInsert', {
    optimistic: ({ body }) => [
      optimisticApiUpdate('CalendarEventsList', { calendarId: primaryCalendarId }, (page) =>
        withListItemAppended(page, 'items', { ...body, id: newPendingEventId(), status: 'confirmed' }),
      ),
    ],
  });

  const createEvent = (title: string, range: SelectedRange) =>
    mutation.mutateAsync({ params: { calendarId: primaryCalendarId }, body: { summary: title, ...selectionToEventTimes(range) } });

  return { ...mutation, createEvent };
}
