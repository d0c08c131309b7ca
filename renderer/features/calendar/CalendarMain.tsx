import { useLayoutEffect, type FocusEvent, type RefObject } from 'react';
import type { CalendarInfo } from './calendar-data';
import type { CalendarDates } from './calendar-dates';
import { useCalendarStore, viewOfFullCalendar, type CalendarViewId } from './calendar-store';
import { CalendarGrid, type CalendarGridProps } from './CalendarGrid';
import type { GoogleEvent } from './event-mapping';
import { SearchResults } from './SearchResults';
import type { VisibleEvents } from './useVisibleEvents';

type CalendarMainProps = Omit<CalendarGridProps, 'events' | 'controller'> & {
  /** The grid's controller and the dates it shows. */
  dates: CalendarDates;
  calendars: CalendarInfo[];
  visible: Pick<VisibleEvents, 'events' | 'isPending' | 'isFetching'>;
  /** Whether a range is shown yet (before it, nothing is loading). */
  hasRange: boolean;
  /** The grid's surface, where selection marks are drawn. */
  surfaceRef: RefObject<HTMLDivElement | null>;
  /** The search being shown, null when none. */
  searchText: string | null;
  onCloseSearch: () => void;
  onOpenFound: (calendar: CalendarInfo, event: GoogleEvent) => void;
};

/** What the grid does, in the words of the view shown; null where the view says it itself. */
function hintFor(view: CalendarViewId, empty: boolean): string | null {
  switch (view) {
    case 'day':
    case 'week':
    case 'workWeek':
      return empty
        ? 'Nothing scheduled here. Drag across the grid, or press c, to add an event.'
        : 'Drag across the grid to add an event; drag an event to move it.';
    case 'month':
      return empty
        ? 'Nothing scheduled this month. Drag across days, or press c, to add an event.'
        : 'Drag across days to add an event; drag an event to another day to move it.';
    case 'year':
      return empty
        ? 'Nothing scheduled this year. Click a day to open it, or press c to add an event.'
        : 'Click a day to open it; press c to add an event.';
    case 'agenda':
      // The list says "Nothing scheduled in this period." itself, and has nothing to drag across.
      return null;
  }
}

/** The calendar's main column: search results over a hint line and the grid. */
export function CalendarMain({
  calendars,
  visible,
  hasRange,
  dates,
  surfaceRef,
  searchText,
  onCloseSearch,
  onOpenFound,
  ...grid
}: CalendarMainProps) {
  const select = useCalendarStore((state) => state.select);
  // The surface says which view the grid has drawn (`data-view`; it follows `view` a moment later).
  // Written as the grid reports its dates rather than rendered: the grid reports them as it first
  // mounts, and a render then would render the calendar again before its first frame is painted.
  useLayoutEffect(
    () =>
      dates.follow(() => {
        const type = dates.controller.view?.type;
        const drawn = type ? viewOfFullCalendar(type) : null;
        if (drawn) surfaceRef.current?.setAttribute('data-view', drawn);
        else surfaceRef.current?.removeAttribute('data-view');
      }),
    [dates, surfaceRef],
  );
  const loadingEvents = visible.isPending && hasRange;
  const empty = !visible.isPending && visible.events.length === 0;

  const hint = loadingEvents ? 'Loading events…' : hintFor(grid.view, empty);

  // Focusing an event (Tab) selects it, so e and Delete act on what has focus.
  const onSurfaceFocus = (event: FocusEvent<HTMLDivElement>) => {
    const element = (event.target as HTMLElement).closest<HTMLElement>('[data-event-key]');
    const key = element?.getAttribute('data-event-key');
    if (key) select(key);
  };

  return (
    <div className="calendar-main">
      {searchText !== null ? (
        <SearchResults
          key={searchText}
          text={searchText}
          calendars={calendars}
          displayZone={grid.displayZone}
          hour12={grid.preferences.hour12}
          onOpen={({ calendar, event }) => {
            onCloseSearch();
            onOpenFound(calendar, event);
          }}
          onClose={onCloseSearch}
        />
      ) : null}
      {hint ? (
        <p
          className="calendar-view__hint"
          data-testid={loadingEvents ? 'calendar-loading-hint' : empty ? 'calendar-empty' : 'calendar-hint'}
        >
          {hint}
        </p>
      ) : null}
      <div
        ref={surfaceRef}
        className="calendar-surface"
        data-testid="calendar-week"
        aria-busy={visible.isFetching}
        onFocus={onSurfaceFocus}
      >
        <CalendarGrid {...grid} controller={dates.controller} events={visible.events} />
      </div>
    </div>
  );
}
