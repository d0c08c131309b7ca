import type { CalendarController } from '@fullcalendar/react';

interface CalendarToolbarProps {
  controller: CalendarController;
  busy: boolean;
  onNewEvent: () => void;
}

/** Today / previous / next and the visible range's title, outside the grid so it matches the app's look. */
export function CalendarToolbar({ controller, busy, onNewEvent }: CalendarToolbarProps) {
  const title = controller.view?.title ?? '';
  return (
    <header className="view__header">
      <h1 className="view__title" aria-live="polite" data-testid="calendar-title">
        {title || 'Calendar'}
      </h1>
      <div className="view__spacer" />
      {busy ? (
        <span className="view__status" role="status" data-testid="calendar-loading">
          <span className="spinner" aria-hidden="true" />
          Updating…
        </span>
      ) : null}
      <button type="button" className="button button--primary" onClick={onNewEvent} data-testid="calendar-new-event">
        New event
      </button>
      <div className="button-group" role="group" aria-label="Week navigation">
        <button type="button" className="button" onClick={() => controller.today()} data-testid="calendar-today">
          Today
        </button>
        <button
          type="button"
          className="button button--icon"
          onClick={() => controller.prev()}
          aria-label="Previous week"
          title="Previous week"
          data-testid="calendar-prev"
        >
          <Chevron direction="left" />
        </button>
        <button
          type="button"
          className="button button--icon"
          onClick={() => controller.next()}
          aria-label="Next week"
          title="Next week"
          data-testid="calendar-next"
        >
          <Chevron direction="right" />
        </button>
      </div>
    </header>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
    </svg>
  );
}
