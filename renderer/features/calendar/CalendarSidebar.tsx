import type { ReactNode } from 'react';
import type { CalendarInfo } from './calendar-data';

interface CalendarSidebarProps {
  calendars: CalendarInfo[];
  miniMonth: ReactNode;
  onNewEvent: () => void;
  onQuickAdd: () => void;
  onToggle: (calendar: CalendarInfo, shown: boolean) => void;
  onOpenSettings: (calendar: CalendarInfo) => void;
  onNewCalendar: () => void;
  onSubscribe: () => void;
}

/** Create buttons, the mini month, and the calendars with their show/hide boxes and settings. */
export function CalendarSidebar(props: CalendarSidebarProps) {
  const mine = props.calendars.filter((calendar) => calendar.owned);
  const others = props.calendars.filter((calendar) => !calendar.owned);
  return (
    <aside className="calendar-sidebar" aria-label="Calendars and dates" data-testid="calendar-sidebar">
      <div className="calendar-sidebar__create">
        <button
          type="button"
          className="button button--primary"
          onClick={props.onNewEvent}
          data-testid="calendar-new-event"
          title="New event (c)"
        >
          New event
        </button>
        <button
          type="button"
          className="button"
          onClick={props.onQuickAdd}
          data-testid="calendar-quick-add"
          title="Quick add (q)"
        >
          Quick add
        </button>
      </div>
      {props.miniMonth}
      <CalendarGroup
        title="My calendars"
        calendars={mine}
        onToggle={props.onToggle}
        onOpenSettings={props.onOpenSettings}
        testId="my-calendars"
      />
      {others.length > 0 ? (
        <CalendarGroup
          title="Other calendars"
          calendars={others}
          onToggle={props.onToggle}
          onOpenSettings={props.onOpenSettings}
          testId="other-calendars"
        />
      ) : null}
      <div className="calendar-sidebar__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={props.onNewCalendar}
          data-testid="calendar-create-calendar"
        >
          + New calendar
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={props.onSubscribe}
          data-testid="calendar-subscribe"
        >
          + Add by address
        </button>
      </div>
    </aside>
  );
}

function CalendarGroup({
  title,
  calendars,
  onToggle,
  onOpenSettings,
  testId,
}: Pick<CalendarSidebarProps, 'onToggle' | 'onOpenSettings'> & {
  title: string;
  calendars: CalendarInfo[];
  testId: string;
}) {
  return (
    <section className="calendar-group" aria-label={title} data-testid={testId}>
      <h2 className="calendar-group__title">{title}</h2>
      <ul className="calendar-group__list">
        {calendars.map((calendar) => (
          <li key={calendar.id} className="calendar-entry" data-testid="calendar-entry" data-calendar-id={calendar.id}>
            <label
              className="calendar-entry__label"
              style={{ ['--calendar-color' as string]: calendar.color.background }}
            >
              <input
                type="checkbox"
                className="calendar-entry__box"
                checked={calendar.selected}
                onChange={(event) => onToggle(calendar, event.target.checked)}
                data-testid="calendar-entry-toggle"
              />
              <span className="calendar-entry__name" data-testid="calendar-entry-name">
                {calendar.name}
              </span>
            </label>
            <button
              type="button"
              className="button button--ghost button--icon button--small calendar-entry__settings"
              onClick={() => onOpenSettings(calendar)}
              aria-label={`Settings and sharing for ${calendar.name}`}
              title="Settings and sharing"
              data-testid="calendar-entry-settings"
            >
              <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                <circle cx="5" cy="12" r="1.8" />
                <circle cx="12" cy="12" r="1.8" />
                <circle cx="19" cy="12" r="1.8" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
