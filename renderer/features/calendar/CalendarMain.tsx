import type { FocusEvent, RefObject } from 'react';
import type { CalendarInfo } from './calendar-data';
import { useCalendarStore } from './calendar-store';
import { CalendarGrid, type CalendarGridProps } from './CalendarGrid';
import type { GoogleEvent } from './event-mapping';
import { SearchResults } from './SearchResults';
import type { VisibleEvents } from './useVisibleEvents';

type CalendarMainProps = Omit<CalendarGridProps, 'events'> & {
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

/** The calendar's main column: search results over a hint line and the grid. */
export function CalendarMain({
  calendars,
  visible,
  hasRange,
  surfaceRef,
  searchText,
  onCloseSearch,
  onOpenFound,
  ...grid
}: CalendarMainProps) {
  const select = useCalendarStore((state) => state.select);
  const loadingEvents = visible.isPending && hasRange;
  const empty = !visible.isPending && visible.events.length === 0;

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
      <p
        className="calendar-view__hint"
        data-testid={loadingEvents ? 'calendar-loading-hint' : empty ? 'calendar-empty' : 'calendar-hint'}
      >
        {loadingEvents
          ? 'Loading events…'
          : empty
            ? 'Nothing scheduled here. Drag across the grid, or press c, to add an event.'
            : 'Drag across the grid to add an event; drag an event to move it.'}
      </p>
      <div
        ref={surfaceRef}
        className="calendar-surface"
        data-testid="calendar-week"
        data-view={grid.view}
        aria-busy={visible.isFetching}
        onFocus={onSurfaceFocus}
      >
        <CalendarGrid {...grid} events={visible.events} />
      </div>
    </div>
  );
}
