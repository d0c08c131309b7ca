import { useId, useLayoutEffect, type FocusEvent, type RefObject } from 'react';
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

/**
 * What the grid does, in the words of the view shown: the grid's description for screen readers
 * (the grid is left to the events, as Google Calendar's is); null where the view has nothing to drag.
 */
function hintFor(view: CalendarViewId): string | null {
  switch (view) {
    case 'day':
    case 'week':
    case 'workWeek':
      return 'Drag across the grid to add an event; drag an event to move it. Press c to add an event.';
    case 'month':
      return 'Drag across days to add an event; drag an event to another day to move it. Press c to add an event.';
    case 'year':
      return 'Click a day to open it; press c to add an event.';
    case 'agenda':
      return null;
  }
}

/** What an empty range says, over the grid; null where the view says it itself (the agenda's list). */
function emptyNoteFor(view: CalendarViewId): string | null {
  switch (view) {
    case 'day':
    case 'week':
    case 'workWeek':
      return 'Nothing scheduled here. Drag across the grid or press c to add an event.';
    case 'month':
      return 'Nothing scheduled this month. Drag across days or press c to add an event.';
    case 'year':
      return 'Nothing scheduled this year. Press c to add an event.';
    case 'agenda':
      return null;
  }
}

/**
 * The calendar's main column: search results over the grid. Loading shows as a thin bar along the
 * grid's top edge and an empty range as a note over the grid, so the grid never moves as they come
 * and go.
 */
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

  const hint = hintFor(grid.view);
  const emptyNote = empty ? emptyNoteFor(grid.view) : null;
  const hintId = useId();

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
        <p id={hintId} className="visually-hidden" data-testid="calendar-hint">
          {hint}
        </p>
      ) : null}
      <div
        ref={surfaceRef}
        className="calendar-surface"
        data-testid="calendar-week"
        aria-busy={visible.isFetching}
        aria-describedby={hint ? hintId : undefined}
        onFocus={onSurfaceFocus}
      >
        <CalendarGrid {...grid} controller={dates.controller} events={visible.events} />
        {loadingEvents ? (
          <div
            className="calendar-surface__loading"
            role="progressbar"
            aria-label="Loading events"
            data-testid="calendar-loading-hint"
          />
        ) : null}
        {emptyNote ? (
          <p className="calendar-surface__empty" data-testid="calendar-empty">
            {emptyNote}
          </p>
        ) : null}
      </div>
    </div>
  );
}
