import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { ChoiceMenu } from '../../components/ChoiceMenu';
import { showCalendarTitle, type CalendarDates } from './calendar-dates';
import { calendarViews, viewLabels, viewUnits, type CalendarViewId } from './calendar-store';

interface CalendarToolbarProps {
  /** The dates shown: the title follows them. */
  dates: CalendarDates;
  view: CalendarViewId;
  busy: boolean;
  zoneLabel: string;
  onToday: () => void;
  onPrev: () => void;
  onNext: () => void;
  onView: (view: CalendarViewId) => void;
  onSearch: (text: string) => void;
  onTimeZones: () => void;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Whether the side panel (create buttons, mini month, calendars) is on screen. */
  panelShown: boolean;
  onTogglePanel: () => void;
  panelToggleRef: RefObject<HTMLButtonElement | null>;
  /** Shown when the panel is hidden, so creating stays one click away. */
  onNewEvent: () => void;
}

const viewKeys: Record<CalendarViewId, string> = {
  day: 'd',
  week: 'w',
  workWeek: 'x',
  month: 'm',
  year: 'y',
  agenda: 'a',
};

/** Today / previous / next, the range's title, views, search and time zones; shortcuts in the tooltips. */
export function CalendarToolbar(props: CalendarToolbarProps) {
  const unit = viewUnits[props.view];
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) props.onSearch(text.trim());
  };

  return (
    <header className="view__header calendar-toolbar">
      <button
        ref={props.panelToggleRef}
        type="button"
        className="button button--icon calendar-toolbar__panel-toggle"
        onClick={props.onTogglePanel}
        aria-label="Side panel"
        aria-expanded={props.panelShown}
        aria-controls="calendar-side-panel"
        title={props.panelShown ? 'Hide side panel' : 'Show side panel'}
        data-testid="calendar-panel-toggle"
      >
        <MenuIcon />
      </button>
      {props.panelShown ? null : (
        <button
          type="button"
          className="button button--icon button--primary"
          onClick={props.onNewEvent}
          aria-label="New event"
          title="New event (c)"
          data-testid="calendar-new-event-compact"
        >
          <PlusIcon />
        </button>
      )}
      <div className="button-group" role="group" aria-label="Navigation">
        <button type="button" className="button" onClick={props.onToday} data-testid="calendar-today" title="Today (t)">
          Today
        </button>
        <button
          type="button"
          className="button button--icon"
          onClick={props.onPrev}
          aria-label={`Previous ${unit}`}
          title={`Previous ${unit} (k)`}
          data-testid="calendar-prev"
        >
          <Chevron direction="left" />
        </button>
        <button
          type="button"
          className="button button--icon"
          onClick={props.onNext}
          aria-label={`Next ${unit}`}
          title={`Next ${unit} (j)`}
          data-testid="calendar-next"
        >
          <Chevron direction="right" />
        </button>
      </div>
      <CalendarTitle dates={props.dates} />
      {/* The spinner's place is kept while idle, so the row never shifts when a refresh starts. */}
      <span className="view__status calendar-toolbar__status" role="status">
        {props.busy ? (
          <span data-testid="calendar-loading">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">Updating…</span>
          </span>
        ) : null}
      </span>
      <div className="view__spacer" />
      <form role="search" className="calendar-search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="calendar-search-input">
          Search events
        </label>
        <SearchIcon />
        <input
          ref={props.searchRef}
          id="calendar-search-input"
          className="input calendar-search__input"
          type="search"
          placeholder="Search events (/)"
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="calendar-search-input"
        />
      </form>
      <div className="segmented calendar-toolbar__views" role="group" aria-label="View">
        {calendarViews.map((view) => (
          <button
            key={view}
            type="button"
            className="segmented__option"
            aria-pressed={props.view === view}
            onClick={() => props.onView(view)}
            title={`${viewLabels[view]} (${viewKeys[view]})`}
            data-testid={`calendar-view-${view}`}
          >
            {viewLabels[view]}
          </button>
        ))}
      </div>
      {/* Where the row is too narrow for every view's name, the views are one menu. */}
      <div className="calendar-toolbar__view-select">
        <ChoiceMenu
          value={props.view}
          choices={calendarViews.map((view) => ({ value: view, label: viewLabels[view] }))}
          onChange={props.onView}
          label="View"
          align="end"
          testId="calendar-view-select"
        />
      </div>
      <button
        type="button"
        className="button button--small calendar-toolbar__zone"
        onClick={props.onTimeZones}
        title="Time zones"
        data-testid="calendar-time-zones"
      >
        <span className="visually-hidden">Time zones: </span>
        {props.zoneLabel}
      </button>
    </header>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg
      className="calendar-search__icon"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </svg>
  );
}

function MenuIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The shown range's title, written as the grid reports its dates (`showCalendarTitle`) rather than
 * rendered: the grid first reports them as it mounts, after the toolbar has rendered, and the title
 * is in the first frame painted all the same.
 */
function CalendarTitle({ dates }: { dates: CalendarDates }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => showCalendarTitle(dates, ref), [dates]);
  return (
    <h1 ref={ref} className="view__title calendar-toolbar__title" aria-live="polite" data-testid="calendar-title" />
  );
}
