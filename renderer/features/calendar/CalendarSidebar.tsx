import type { ReactNode } from 'react';
import { useHeldValue } from '../../lib/held-value';
import type { CalendarInfo } from './calendar-data';
import { taskColor, type ShownTaskList } from './calendar-tasks';

interface CalendarSidebarProps {
  calendars: CalendarInfo[];
  miniMonth: ReactNode;
  onNewEvent: () => void;
  onQuickAdd: () => void;
  /** Settles once the change is stored (or refused and undone). */
  onToggle: (calendar: CalendarInfo, shown: boolean) => Promise<unknown>;
  onOpenSettings: (calendar: CalendarInfo) => void;
  /** Task lists whose due tasks the grid can show, each with its show/hide box. */
  taskLists: ShownTaskList[];
  onToggleTaskList: (listId: string, shown: boolean) => void;
  onNewCalendar: () => void;
  onSubscribe: () => void;
  /** Lies over the grid (narrow windows) rather than beside it. */
  drawer?: boolean;
}

/** Create buttons, the mini month, and the calendars with their show/hide boxes and settings. */
export function CalendarSidebar(props: CalendarSidebarProps) {
  const mine = props.calendars.filter((calendar) => calendar.owned);
  const others = props.calendars.filter((calendar) => !calendar.owned);
  return (
    <aside
      id="calendar-side-panel"
      className={props.drawer ? 'calendar-sidebar calendar-sidebar--drawer' : 'calendar-sidebar'}
      aria-label="Calendars and dates"
      data-testid="calendar-sidebar"
    >
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
      {props.taskLists.length > 0 ? (
        <section className="calendar-group" aria-label="Tasks" data-testid="task-lists">
          <h2 className="calendar-group__title">Tasks</h2>
          <ul className="calendar-group__list">
            {props.taskLists.map(({ list, shown }) => (
              <li key={list.id} className="calendar-entry" data-testid="task-list-entry" data-list-id={list.id}>
                <label
                  className="calendar-entry__label"
                  style={{ ['--calendar-color' as string]: taskColor.background }}
                >
                  <input
                    type="checkbox"
                    className="calendar-entry__box"
                    checked={shown}
                    onChange={(event) => props.onToggleTaskList(list.id, event.target.checked)}
                    data-testid="task-list-toggle"
                  />
                  <span className="calendar-entry__name">{list.title?.trim() || 'Untitled list'}</span>
                </label>
              </li>
            ))}
          </ul>
        </section>
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
            <CalendarToggle calendar={calendar} onToggle={onToggle} />
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

/** A calendar's show/hide box; the click's new state is held until the change is stored (useHeldValue). */
function CalendarToggle({
  calendar,
  onToggle,
}: {
  calendar: CalendarInfo;
  onToggle: CalendarSidebarProps['onToggle'];
}) {
  const [shown, hold] = useHeldValue(calendar.selected);
  return (
    <label className="calendar-entry__label" style={{ ['--calendar-color' as string]: calendar.color.background }}>
      <input
        type="checkbox"
        className="calendar-entry__box"
        checked={shown}
        onChange={(event) => hold(event.target.checked, onToggle(calendar, event.target.checked))}
        data-testid="calendar-entry-toggle"
      />
      <span className="calendar-entry__name" data-testid="calendar-entry-name">
        {calendar.name}
      </span>
    </label>
  );
}
