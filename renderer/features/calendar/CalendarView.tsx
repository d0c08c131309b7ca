import FullCalendar, { useCalendarController, type CalendarRef, type DateSelectInfo, type DatesSetInfo, type EventDisplayInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import formaTheme from '@fullcalendar/react/themes/forma';
import timeGridPlugin from '@fullcalendar/react/timegrid';
// Order matters: skeleton, then theme, then palette, then our overrides (calendar.css).
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import '@fullcalendar/react/themes/forma/palettes/blue.css';
import { useCallback, useRef, useState } from 'react';
import { ErrorBanner, ErrorPanel } from '../../components/StatusPanel';
import { errorMessage } from '../../lib/api';
import { CalendarToolbar } from './CalendarToolbar';
import { CreateEventDialog } from './CreateEventDialog';
import type { SelectedRange } from './event-mapping';
import { useCreateEvent } from './useCreateEvent';
import { useVisibleEvents } from './useVisibleEvents';
import { sameRange, type VisibleRange } from './visible-range';
import { currentWeek, proposedEventRange } from './week-start';
import './calendar.css';

const plugins = [formaTheme, timeGridPlugin, dayGridPlugin, interactionPlugin];

/** Marks rendered events for tests and assistive styling: id, and whether the service has confirmed them. */
function tagEventElement({ el, event }: EventDisplayInfo & { el: HTMLElement }) {
  el.setAttribute('data-testid', 'calendar-event');
  el.setAttribute('data-event-id', event.id);
  if (event.extendedProps.pending === true) el.setAttribute('data-pending', 'true');
}

/** Week view of the primary calendar: select a time range to create an event. */
export function CalendarView() {
  const controller = useCalendarController();
  const calendarRef = useRef<CalendarRef>(null);
  const [range, setRange] = useState<VisibleRange>(() => currentWeek());
  const [draft, setDraft] = useState<SelectedRange | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const visible = useVisibleEvents(range);
  const { createEvent } = useCreateEvent();

  const onDatesSet = useCallback((info: DatesSetInfo) => {
    const next = { start: info.start, end: info.end };
    setRange((previous) => (sameRange(previous, next) ? previous : next));
  }, []);

  const onSelect = useCallback((info: DateSelectInfo) => {
    setDraft({ start: info.start, end: info.end, allDay: info.allDay });
  }, []);

  const closeDraft = () => {
    setDraft(null);
    calendarRef.current?.getApi().unselect();
  };

  const onCreate = (title: string, selection: SelectedRange) => {
    closeDraft();
    setActionError(null);
    createEvent(title, selection).catch((error: unknown) => setActionError(`Couldn’t create “${title}”: ${errorMessage(error)}`));
  };

  const hasEvents = visible.events.length > 0;

  return (
    <section className="view calendar-view" aria-labelledby="calendar-heading" data-testid="calendar-view">
      <span id="calendar-heading" className="visually-hidden">
        Calendar
      </span>
      <CalendarToolbar controller={controller} busy={visible.isFetching} onNewEvent={() => setDraft(proposedEventRange(range))} />
      {actionError ? <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} testId="calendar-action-error" /> : null}
      {visible.isError && !visible.data ? (
        <ErrorPanel title="Couldn’t load your events" error={visible.error} onRetry={() => void visible.refetch()} testId="calendar-error" />
      ) : null}
      {visible.isError && visible.data ? (
        <ErrorBanner message={`Couldn’t refresh events: ${errorMessage(visible.error)}`} onDismiss={() => void visible.refetch()} testId="calendar-refresh-error" />
      ) : null}
      <p className="calendar-view__hint" data-testid={visible.isPending ? 'calendar-loading-hint' : hasEvents ? 'calendar-hint' : 'calendar-empty'}>
        {visible.isPending
          ? 'Loading events…'
          : hasEvents
            ? 'Drag across the grid, or use New event, to add an event.'
            : 'Nothing scheduled this week. Drag across the grid, or use New event, to add one.'}
      </p>
      <div className="calendar-surface" data-testid="calendar-week" aria-busy={visible.isFetching}>
        <FullCalendar
          ref={calendarRef}
          controller={controller}
          plugins={plugins}
          initialView="timeGridWeek"
          headerToolbar={false}
          height="100%"
          nowIndicator
          selectable
          selectMirror
          scrollTime="08:00:00"
          titleFormat={{ year: 'numeric', month: 'short', day: 'numeric' }}
          events={visible.events}
          datesSet={onDatesSet}
          select={onSelect}
          eventDidMount={tagEventElement}
        />
      </div>
      <CreateEventDialog range={draft} onCreate={onCreate} onCancel={closeDraft} />
    </section>
  );
}
