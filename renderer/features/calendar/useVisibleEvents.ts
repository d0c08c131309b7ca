import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiQuery } from '../../lib/api';
import { listItems } from '../../lib/list-cache';
import { toCalendarEventInputs, type GoogleEvent } from './event-mapping';
import { eventsListParams, type VisibleRange } from './visible-range';

/** The primary calendar; `primary` is the Calendar API's alias for it on every account. */
export const primaryCalendarId = 'primary';

/** Events of the primary calendar in the visible range, mapped for FullCalendar. */
export function useVisibleEvents(range: VisibleRange) {
  const query = useApiQuery('CalendarEventsList', eventsListParams(primaryCalendarId, range), {
    allPagesOf: 'items',
    placeholderData: keepPreviousData,
  });
  const events = useMemo(() => toCalendarEventInputs(listItems<GoogleEvent>(query.data, 'items')), [query.data]);
  return { ...query, events };
}
