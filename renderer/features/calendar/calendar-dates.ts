import { CalendarController } from '@fullcalendar/react';
import { useState, useSyncExternalStore, type RefObject } from 'react';

/**
 * FullCalendar's controller (today, previous, next, the shown date and title), told of each change
 * of dates so that only the parts that show them follow (`useShownDate`, `showCalendarTitle`, the
 * surface's `data-view`). FullCalendar's own `useCalendarController` renders the component that
 * holds it again on every change, the first one included: that was the calendar's whole workspace,
 * once more as the grid first mounts, inside that commit, with every effect of the first render run
 * before the first frame with the events could be painted.
 */
export class CalendarDates {
  readonly controller: CalendarController;
  private version = 0;
  private readonly listeners = new Set<() => void>();

  constructor() {
    this.controller = new CalendarController(() => {
      this.version += 1;
      for (const listener of this.listeners) listener();
    });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly changes = (): number => this.version;

  /** Runs `show` now and after each change of dates, until the returned function is called. */
  follow(show: () => void): () => void {
    show();
    return this.subscribe(show);
  }
}

/** One `CalendarDates` for the life of the component. */
export function useCalendarDatesSource(): CalendarDates {
  const [dates] = useState(() => new CalendarDates());
  return dates;
}

/** The date the grid is on (undefined before it has mounted); renders the caller again when it changes. */
export function useShownDate(dates: CalendarDates): Date | undefined {
  useSyncExternalStore(dates.subscribe, dates.changes);
  return dates.controller.getDate();
}

/**
 * Keeps `heading`'s text on the title of the dates shown ("Calendar" before the grid has any), from
 * now until the returned function is called. The heading must have no children of React's.
 */
export function showCalendarTitle(dates: CalendarDates, heading: RefObject<HTMLElement | null>): () => void {
  return dates.follow(() => {
    const title = dates.controller.view?.title || 'Calendar';
    if (heading.current && heading.current.textContent !== title) heading.current.textContent = title;
  });
}
