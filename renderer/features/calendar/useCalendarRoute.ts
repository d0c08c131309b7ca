import type { CalendarRef } from '@fullcalendar/react';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { callApi } from '../../lib/api';
import type { CalendarInfo } from './calendar-data';
import { useCalendarStore } from './calendar-store';
import { eventKey, eventTimesOf, type GoogleEvent } from './event-mapping';
import { dateInZone, wallTimeOf } from './time-zone';
import type { EventTarget } from './useEventCommands';

/** Shows an event: its day in the current view (the agenda and year views switch to week), selected and highlighted. */
export function useJumpTo(calendarRef: RefObject<CalendarRef | null>, displayZone: string) {
  const view = useCalendarStore((state) => state.view);
  const setView = useCalendarStore((state) => state.setView);
  const select = useCalendarStore((state) => state.select);
  const highlight = useCalendarStore((state) => state.highlight);
  return useCallback(
    (calendar: CalendarInfo, event: GoogleEvent) => {
      const times = eventTimesOf(event, displayZone);
      if (!times || !event.id) return;
      const date = times.allDay ? times.startDate : dateInZone(times.startMs, displayZone);
      if (view === 'year' || view === 'agenda') setView('week');
      calendarRef.current?.getApi().gotoDate(date);
      if (!times.allDay) {
        const hour = Math.max(0, wallTimeOf(times.startMs, displayZone).hour - 1);
        calendarRef.current?.getApi().scrollToTime(`${String(hour).padStart(2, '0')}:00:00`);
      }
      const key = eventKey(calendar.id, event.id);
      select(key);
      highlight(key);
    },
    [calendarRef, displayZone, highlight, select, setView, view],
  );
}

/** How long an event found by search may take to be drawn before its card is given up on. */
const foundWaitMs = 5_000;

/**
 * Opens an event found by search as a click on it does: its quick view beside it on the grid, with
 * the focus in it. The grid first shows the event's dates, then draws it once their events are
 * loaded: the card waits for that (if it never comes, the event is still selected and highlighted).
 */
export function useOpenFound(
  surface: RefObject<HTMLElement | null>,
  jumpTo: (calendar: CalendarInfo, event: GoogleEvent) => void,
  peek: (key: string, element: HTMLElement) => void,
) {
  const waiting = useRef<(() => void) | null>(null);
  useEffect(() => () => waiting.current?.(), []);
  return useCallback(
    (calendar: CalendarInfo, event: GoogleEvent) => {
      waiting.current?.();
      waiting.current = null;
      jumpTo(calendar, event);
      const root = surface.current;
      if (!root || !event.id) return;
      const key = eventKey(calendar.id, event.id);
      const drawn = () =>
        [...root.querySelectorAll<HTMLElement>('[data-event-key]')].find(
          (element) => element.getAttribute('data-event-key') === key && !element.hasAttribute('data-drag-copy'),
        );
      let frame = 0;
      const stop = () => {
        observer.disconnect();
        clearTimeout(timer);
        cancelAnimationFrame(frame);
        if (waiting.current === stop) waiting.current = null;
      };
      // Looked for a frame after a change: the grid lays new dates out in a few passes.
      const look = () => {
        if (frame) return;
        frame = requestAnimationFrame(() => {
          frame = 0;
          const element = drawn();
          if (!element) return;
          stop();
          peek(key, element);
        });
      };
      const observer = new MutationObserver(look);
      observer.observe(root, { childList: true, subtree: true });
      const timer = setTimeout(stop, foundWaitMs);
      waiting.current = stop;
      look();
    },
    [surface, jumpTo, peek],
  );
}

export interface CalendarRouteDeps {
  calendarById: (id: string) => CalendarInfo | null;
  primary: CalendarInfo | null;
  jumpTo: (calendar: CalendarInfo, event: GoogleEvent) => void;
  openTarget: (target: EventTarget) => Promise<void>;
  quickAdd: () => void;
  reportError: (sentence: string, error?: unknown) => void;
}

/** A route from outside (reminder, deep link, tray): open the event, or quick add. */
export function useCalendarRoute({
  calendarById,
  primary,
  jumpTo,
  openTarget,
  quickAdd,
  reportError,
}: CalendarRouteDeps) {
  const route = useCalendarStore((state) => state.route);
  const openRoute = useCalendarStore((state) => state.openRoute);
  useEffect(() => {
    if (!route) return;
    openRoute(null);
    if (route.kind === 'quickAdd') {
      quickAdd();
      return;
    }
    const calendar = calendarById(route.calendarId) ?? (primary && route.calendarId === 'primary' ? primary : null);
    if (!calendar) {
      reportError('That event is on a calendar that is not on your list.');
      return;
    }
    callApi('CalendarEventsGet', { calendarId: calendar.id, eventId: route.eventId })
      .then((event) => {
        jumpTo(calendar, event);
        void openTarget({ calendar, event });
      })
      .catch((error: unknown) => reportError('Couldn’t open the event.', error));
  }, [route, openRoute, calendarById, primary, jumpTo, openTarget, quickAdd, reportError]);
}

/**
 * Selection and highlight are drawn on the rendered events inside `surface` (the grid is not
 * re-rendered for them); a highlight fades after a few seconds.
 */
export function useSelectionMarks(surface: RefObject<HTMLElement | null>, rendered: unknown) {
  const selectedKey = useCalendarStore((state) => state.selectedKey);
  const highlightKey = useCalendarStore((state) => state.highlightKey);
  const highlight = useCalendarStore((state) => state.highlight);
  useEffect(() => {
    surface.current?.querySelectorAll<HTMLElement>('[data-event-key]').forEach((element) => {
      const key = element.getAttribute('data-event-key');
      element.toggleAttribute('data-selected', key === selectedKey);
      element.toggleAttribute('data-highlight', key === highlightKey);
    });
    if (!highlightKey) return;
    const timer = setTimeout(() => highlight(null), 4000);
    return () => clearTimeout(timer);
  }, [surface, selectedKey, highlightKey, highlight, rendered]);
}
