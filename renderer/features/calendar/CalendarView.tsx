import { useCalendarController, type CalendarRef } from '@fullcalendar/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { ErrorBanner, ErrorPanel, LoadingPanel } from '../../components/StatusPanel';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import { apiQueryKey, apiQueryPrefix, callApi, errorMessage, useActiveAccount } from '../../lib/api';
import { useCalendarPreferences, useCalendars, usePalettes, type CalendarInfo } from './calendar-data';
import { useCalendarStore, type CalendarViewId } from './calendar-store';
import { CalendarGrid } from './CalendarGrid';
import { CalendarSettingsDialog } from './CalendarSettingsDialog';
import { CalendarSidebar } from './CalendarSidebar';
import { CalendarToolbar } from './CalendarToolbar';
import { EventEditorDialog, type EditorRequest } from './editor/EventEditorDialog';
import { draftForNewEvent, draftFromEvent, type EventDraft } from './event-draft';
import { eventKey, eventTimesOf, type EventTimes, type GoogleEvent } from './event-mapping';
import { MiniMonth } from './MiniMonth';
import { proposedTimes } from './proposed-times';
import { useScopePrompt } from './RecurrenceScopeDialog';
import { SearchResults } from './SearchResults';
import { dateInZone, deviceTimeZone, wallTimeOf, zoneCity, zoneOffsetLabel } from './time-zone';
import { TimeZoneDialog } from './TimeZoneDialog';
import { useAccounts } from '../../shell/useAccounts';
import { useCalendarListCommands } from './useCalendarListCommands';
import { useCalendarShortcuts } from './useCalendarShortcuts';
import { useEventCommands, type EventTarget } from './useEventCommands';
import { useVisibleEvents } from './useVisibleEvents';
import { sameRange, type VisibleRange } from './visible-range';
import './calendar.css';

type Editing = EditorRequest & { target: EventTarget | null };

/** Views with a fixed length, whose neighbours' ranges are known in advance. */
const fixedLengthViews: ReadonlySet<CalendarViewId> = new Set(['day', 'week', 'workWeek']);

/**
 * The calendar: sidebar (create, mini month, calendars), toolbar (navigation, views, search, time
 * zones) and the FullCalendar grid over every selected calendar, with the editor and dialogs.
 */
export function CalendarView() {
  const { palettes } = usePalettes();
  const settings = useCalendarPreferences();
  const accounts = useAccounts();
  const calendarsQuery = useCalendars(palettes);

  if (settings.isPending || (calendarsQuery.isPending && !calendarsQuery.data)) {
    return (
      <section className="view calendar-view" data-testid="calendar-view">
        <LoadingPanel label="Loading your calendars…" testId="calendar-loading-panel" />
      </section>
    );
  }
  if (calendarsQuery.isError && !calendarsQuery.data) {
    return (
      <section className="view calendar-view" data-testid="calendar-view">
        <ErrorPanel
          title="Couldn’t load your calendars"
          error={calendarsQuery.error}
          onRetry={() => void calendarsQuery.refetch()}
          testId="calendar-error"
        />
      </section>
    );
  }
  return (
    <CalendarWorkspace
      calendars={calendarsQuery.calendars}
      palettes={palettes}
      preferences={settings.preferences}
      listRefreshing={calendarsQuery.isFetching}
      localAccount={accounts.activeAccount?.kind === 'local'}
    />
  );
}

function CalendarWorkspace({
  calendars,
  palettes,
  preferences,
  listRefreshing,
  localAccount,
}: {
  localAccount: boolean;
  calendars: CalendarInfo[];
  palettes: ReturnType<typeof usePalettes>['palettes'];
  preferences: ReturnType<typeof useCalendarPreferences>['preferences'];
  listRefreshing: boolean;
}) {
  const controller = useCalendarController();
  const calendarRef = useRef<CalendarRef>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const account = useActiveAccount() ?? '';

  const view = useCalendarStore((state) => state.view);
  const setView = useCalendarStore((state) => state.setView);
  const selectedKey = useCalendarStore((state) => state.selectedKey);
  const select = useCalendarStore((state) => state.select);
  const highlightKey = useCalendarStore((state) => state.highlightKey);
  const highlight = useCalendarStore((state) => state.highlight);
  const chosenZone = useCalendarStore((state) => state.displayZone);
  const setDisplayZone = useCalendarStore((state) => state.setDisplayZone);
  const secondaryZone = useCalendarStore((state) => state.secondaryZone);
  const setSecondaryZone = useCalendarStore((state) => state.setSecondaryZone);
  const zoneHintDismissed = useCalendarStore((state) => state.zoneHintDismissed);
  const dismissZoneHint = useCalendarStore((state) => state.dismissZoneHint);
  // The local account's zone setting is the service's placeholder (UTC), not the person's choice:
  // it follows this device, as the computer's clock does. Google accounts follow their setting.
  const device = deviceTimeZone();
  const automaticZone = localAccount ? device : preferences.timeZone;
  const displayZone = chosenZone ?? automaticZone;

  const [range, setRange] = useState<VisibleRange | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [settingsFor, setSettingsFor] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<'quickAdd' | 'newCalendar' | 'subscribe' | null>(null);
  const [zonesOpen, setZonesOpen] = useState(false);
  const [searchText, setSearchText] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const primary = calendars.find((calendar) => calendar.primary) ?? null;
  const defaultCalendar = primary?.writable ? primary : (calendars.find((calendar) => calendar.writable) ?? null);
  const calendarById = useCallback(
    (id: string) => calendars.find((calendar) => calendar.id === id) ?? null,
    [calendars],
  );

  const visible = useVisibleEvents(
    range ?? { start: new Date(0), end: new Date(0) },
    range ? calendars : [],
    palettes,
    fixedLengthViews.has(view) ? displayZone : null,
  );
  const byKey = useRef(visible.byKey);
  byKey.current = visible.byKey;

  const scopePrompt = useScopePrompt();
  const commandDeps = useMemo(
    () => ({
      askScope: scopePrompt.ask,
      reportError: (message: string) => setActionError(message),
      announce: (message: string) => setAnnouncement(message),
    }),
    [scopePrompt.ask],
  );
  const commands = useEventCommands(commandDeps);
  const listCommands = useCalendarListCommands(commandDeps.reportError);

  // Quick add reads times in the calendar's zone: on this device's own account, keep the primary
  // calendar in the device's zone, so "lunch at 12:30" means 12:30 here.
  const primaryZone = primary?.timeZone ?? null;
  const primaryId = primary?.owned ? primary.id : null;
  useEffect(() => {
    if (!localAccount || !primaryId || primaryZone === device) return;
    void callApi('CalendarCalendarsPatch', { calendarId: primaryId }, { timeZone: device })
      .then(() => client.invalidateQueries({ queryKey: apiQueryPrefix('CalendarCalendarListList') }))
      .catch((error: unknown) =>
        setActionError(`Couldn’t set your calendar’s time zone to ${zoneCity(device)}: ${errorMessage(error)}`),
      );
  }, [localAccount, primaryId, primaryZone, device, client]);

  const onRange = useCallback(
    (next: VisibleRange, shownView: CalendarViewId | null) => {
      setRange((previous) => (sameRange(previous, next) ? previous : next));
      // FullCalendar changes view itself when a day's header is followed to that day.
      if (shownView && shownView !== useCalendarStore.getState().view) setView(shownView);
    },
    [setView],
  );

  const api = () => calendarRef.current?.getApi();

  // ---------------------------------------------------------------- opening the editor

  const openNew = useCallback(
    (times?: EventTimes) => {
      if (!defaultCalendar) {
        setActionError('You have no calendar you can add events to.');
        return;
      }
      const proposal = times ?? proposedTimes(range, displayZone, preferences.defaultEventMinutes);
      setEditing({
        mode: 'create',
        draft: draftForNewEvent(proposal, defaultCalendar.id, displayZone),
        partOfSeries: false,
        ownTime: null,
        readOnly: false,
        target: null,
      });
    },
    [defaultCalendar, range, displayZone, preferences.defaultEventMinutes],
  );

  const openTarget = useCallback(
    async (target: EventTarget) => {
      const times = eventTimesOf(target.event, displayZone);
      if (!times) return;
      select(eventKey(target.calendar.id, target.event.id ?? ''));
      let seriesRecurrence: string[] | undefined;
      if (target.event.recurringEventId) {
        const params = { calendarId: target.calendar.id, eventId: target.event.recurringEventId };
        try {
          const master = await client.fetchQuery({
            queryKey: apiQueryKey('CalendarEventsGet', params, account),
            queryFn: () => callApi('CalendarEventsGet', params),
            staleTime: 10_000,
          });
          seriesRecurrence = master.recurrence ?? [];
        } catch (error) {
          setActionError(
            `Couldn’t load the series of “${target.event.summary ?? 'this event'}”: ${errorMessage(error)}`,
          );
          return;
        }
      }
      setEditing({
        mode: 'edit',
        draft: draftFromEvent(target.event, target.calendar.id, times, displayZone, seriesRecurrence),
        partOfSeries: Boolean(target.event.recurringEventId),
        ownTime: times.allDay ? null : { start: times.startMs, end: times.endMs },
        readOnly: !target.calendar.writable,
        target,
      });
    },
    [displayZone, select, client, account],
  );

  const openKey = useCallback(
    (key: string) => {
      const entry = byKey.current.get(key);
      if (entry) void openTarget(entry);
    },
    [openTarget],
  );

  // ---------------------------------------------------------------- grid changes

  const onChangeTimes = useCallback(
    (key: string, to: EventTimes, revert: () => void) => {
      const entry = byKey.current.get(key);
      if (!entry) {
        revert();
        return;
      }
      select(key);
      // A timed event keeps the zone its clock times are written in.
      const stored = eventTimesOf(entry.event, displayZone);
      const times = !to.allDay && stored && !stored.allDay ? { ...to, timeZone: stored.timeZone } : to;
      void commands.changeTimes(entry, times, revert);
    },
    [commands, displayZone, select],
  );

  const onEditorSubmit = (draft: EventDraft, initial: EventDraft) => {
    if (!editing) return;
    const target = editing.target;
    if (editing.mode === 'create' || !target) {
      const calendar = calendarById(draft.calendarId) ?? defaultCalendar;
      setEditing(null);
      // The grid's selection would otherwise lie over the new event and catch the next drag.
      calendarRef.current?.getApi().unselect();
      if (!calendar) return;
      void commands.create(draft, calendar).then((created) => {
        if (created?.id) select(eventKey(calendar.id, created.id));
      });
      return;
    }
    const destination = draft.calendarId !== target.calendar.id ? calendarById(draft.calendarId) : null;
    void commands.save(target, initial, draft, destination, () => setEditing(null));
  };

  const onEditorDelete = () => {
    const target = editing?.target;
    if (target) void commands.remove(target, () => setEditing(null));
  };

  /** Shows an event: its day in the current view (the agenda and year views switch to week), selected and highlighted. */
  const jumpTo = useCallback(
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
    [displayZone, highlight, select, setView, view],
  );

  // Selection and highlight are drawn on the rendered events (the grid is not re-rendered for them).
  useEffect(() => {
    const surface = document.querySelector('[data-testid="calendar-week"]');
    surface?.querySelectorAll<HTMLElement>('[data-event-key]').forEach((element) => {
      const key = element.getAttribute('data-event-key');
      element.toggleAttribute('data-selected', key === selectedKey);
      element.toggleAttribute('data-highlight', key === highlightKey);
    });
    if (!highlightKey) return;
    const timer = setTimeout(() => highlight(null), 4000);
    return () => clearTimeout(timer);
  }, [selectedKey, highlightKey, highlight, visible.events]);

  // The grid gets handlers that never change identity: re-rendering FullCalendar with a 1,000-event
  // week costs as much as drawing it.
  const handlers = useRef({ openNew, openKey, onChangeTimes });
  handlers.current = { openNew, openKey, onChangeTimes };
  const gridHandlers = useMemo(
    () => ({
      onSelectRange: (times: EventTimes) => handlers.current.openNew(times),
      onOpenEvent: (key: string) => handlers.current.openKey(key),
      onChangeTimes: (key: string, to: EventTimes, revert: () => void) =>
        handlers.current.onChangeTimes(key, to, revert),
    }),
    [],
  );

  // A route from outside (reminder, deep link, tray): open the event, or quick add.
  const route = useCalendarStore((state) => state.route);
  const openRoute = useCalendarStore((state) => state.openRoute);
  useEffect(() => {
    if (!route) return;
    openRoute(null);
    if (route.kind === 'quickAdd') {
      setPrompt('quickAdd');
      return;
    }
    const calendar = calendarById(route.calendarId) ?? (primary && route.calendarId === 'primary' ? primary : null);
    if (!calendar) {
      setActionError('That event is on a calendar that is not on your list.');
      return;
    }
    callApi('CalendarEventsGet', { calendarId: calendar.id, eventId: route.eventId })
      .then((event) => {
        jumpTo(calendar, event);
        void openTarget({ calendar, event });
      })
      .catch((error: unknown) => setActionError(`Couldn’t open the event: ${errorMessage(error)}`));
  }, [route, openRoute, calendarById, primary, jumpTo, openTarget]);

  // ---------------------------------------------------------------- keyboard

  useCalendarShortcuts({
    view: setView,
    today: () => api()?.today(),
    next: () => api()?.next(),
    previous: () => api()?.prev(),
    create: () => openNew(),
    quickAdd: () => setPrompt('quickAdd'),
    edit: () => {
      if (selectedKey) openKey(selectedKey);
    },
    remove: () => {
      const entry = selectedKey ? byKey.current.get(selectedKey) : undefined;
      if (entry?.calendar.writable) void commands.remove(entry);
    },
    search: () => searchRef.current?.focus(),
    escape: () => {
      if (searchText !== null) setSearchText(null);
      else select(null);
    },
  });

  // Focusing an event (Tab) selects it, so e and Delete act on what has focus.
  const onSurfaceFocus = (event: FocusEvent<HTMLDivElement>) => {
    const element = (event.target as HTMLElement).closest<HTMLElement>('[data-event-key]');
    const key = element?.getAttribute('data-event-key');
    if (key) select(key);
  };

  // ---------------------------------------------------------------- rendering

  const settingsCalendar = settingsFor ? calendarById(settingsFor) : null;
  const today = dateInZone(Date.now(), displayZone);
  const currentDate = controller.getDate();
  const current = currentDate ? dateInZone(currentDate.getTime(), displayZone) : today;
  const showZoneHint = !localAccount && !zoneHintDismissed && chosenZone === null && device !== preferences.timeZone;
  const loadingEvents = visible.isPending && range !== null;
  const empty = !visible.isPending && visible.events.length === 0;

  return (
    <section
      className="view calendar-view"
      aria-labelledby="calendar-heading"
      data-testid="calendar-view"
      data-display-zone={displayZone}
    >
      <span id="calendar-heading" className="visually-hidden">
        Calendar
      </span>
      <CalendarToolbar
        title={controller.view?.title ?? ''}
        view={view}
        busy={visible.isFetching || listRefreshing}
        zoneLabel={zoneOffsetLabel(displayZone)}
        onToday={() => api()?.today()}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onView={setView}
        onSearch={setSearchText}
        onTimeZones={() => setZonesOpen(true)}
        searchRef={searchRef}
      />
      {showZoneHint ? (
        <div className="banner banner--info" data-testid="calendar-zone-hint">
          <span className="banner__text">
            Times are shown in {zoneCity(preferences.timeZone)} ({zoneOffsetLabel(preferences.timeZone)}), your Calendar
            setting. This device is in {zoneCity(device)}.
          </span>
          <button
            type="button"
            className="button button--small"
            onClick={() => setDisplayZone(device)}
            data-testid="calendar-zone-hint-use-device"
          >
            Show {zoneCity(device)} time
          </button>
          <button type="button" className="button button--ghost button--small" onClick={dismissZoneHint}>
            Keep {zoneCity(preferences.timeZone)}
          </button>
        </div>
      ) : null}
      {actionError ? (
        <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} testId="calendar-action-error" />
      ) : null}
      {visible.error ? (
        <ErrorBanner
          message={`Couldn’t load events from ${visible.error.calendar.name}: ${errorMessage(visible.error.error)}`}
          onDismiss={() => visible.refetch()}
          testId={visible.hasData ? 'calendar-refresh-error' : 'calendar-error'}
        />
      ) : null}
      <div className="calendar-layout">
        <CalendarSidebar
          calendars={calendars}
          loading={false}
          error={null}
          miniMonth={
            <MiniMonth
              current={current}
              today={today}
              visibleFrom={range ? dateInZone(range.start.getTime(), displayZone) : today}
              visibleTo={range ? dateInZone(range.end.getTime(), displayZone) : today}
              weekStart={preferences.weekStart}
              onPick={(date) => api()?.gotoDate(date)}
            />
          }
          onNewEvent={() => openNew()}
          onQuickAdd={() => setPrompt('quickAdd')}
          onToggle={(calendar, shown) => void listCommands.setShown(calendar, shown)}
          onOpenSettings={(calendar) => setSettingsFor(calendar.id)}
          onNewCalendar={() => setPrompt('newCalendar')}
          onSubscribe={() => setPrompt('subscribe')}
        />
        <div className="calendar-main">
          {searchText !== null ? (
            <SearchResults
              key={searchText}
              text={searchText}
              calendars={calendars}
              displayZone={displayZone}
              hour12={preferences.hour12}
              onOpen={({ calendar, event }) => {
                setSearchText(null);
                jumpTo(calendar, event);
              }}
              onClose={() => setSearchText(null)}
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
            className="calendar-surface"
            data-testid="calendar-week"
            data-view={view}
            aria-busy={visible.isFetching}
            onFocus={onSurfaceFocus}
          >
            <CalendarGrid
              calendarRef={calendarRef}
              controller={controller}
              view={view}
              events={visible.events}
              displayZone={displayZone}
              secondaryZone={secondaryZone}
              preferences={preferences}
              onRange={onRange}
              onSelectRange={gridHandlers.onSelectRange}
              onOpenEvent={gridHandlers.onOpenEvent}
              onChangeTimes={gridHandlers.onChangeTimes}
            />
          </div>
        </div>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="calendar-announcement">
        {announcement}
      </div>

      <EventEditorDialog
        request={editing}
        calendars={calendars}
        palettes={palettes}
        displayZone={displayZone}
        hour12={preferences.hour12}
        selfCalendarId={primary?.id ?? null}
        onSubmit={onEditorSubmit}
        onDelete={onEditorDelete}
        onClose={() => {
          setEditing(null);
          api()?.unselect();
        }}
      />
      {scopePrompt.dialog}
      <CalendarSettingsDialog
        calendar={settingsCalendar}
        palettes={palettes}
        selfEmail={primary?.id ?? null}
        onRename={(calendar, name) => void listCommands.rename(calendar, name)}
        onColor={(calendar, color, colorId) => void listCommands.setColor(calendar, color, colorId)}
        onDelete={(calendar) => void listCommands.remove(calendar)}
        onClose={() => setSettingsFor(null)}
      />
      <TextPromptDialog
        open={prompt === 'quickAdd'}
        title="Quick add"
        description="Describe the event, e.g. “Lunch with Ann tomorrow at 12:30”."
        label="Event"
        placeholder="Lunch with Ann tomorrow at 12:30"
        submitLabel="Add"
        testId="quick-add-dialog"
        onCancel={() => setPrompt(null)}
        onSubmit={(text) => {
          setPrompt(null);
          if (!defaultCalendar) return;
          void commands.quickAdd(text, defaultCalendar).then((created) => {
            if (created) jumpTo(defaultCalendar, created);
          });
        }}
      />
      <TextPromptDialog
        open={prompt === 'newCalendar'}
        title="New calendar"
        label="Name"
        placeholder="e.g. Family"
        submitLabel="Create calendar"
        testId="new-calendar-dialog"
        onCancel={() => setPrompt(null)}
        onSubmit={(name) => {
          setPrompt(null);
          void listCommands
            .create(name, displayZone)
            .then((id) => id && setAnnouncement(`Created the calendar “${name}”.`));
        }}
      />
      <TextPromptDialog
        open={prompt === 'subscribe'}
        title="Add a calendar"
        description="The address (id) of a calendar shared with you or made public."
        label="Calendar address"
        placeholder="name@example.com"
        submitLabel="Add calendar"
        testId="subscribe-dialog"
        onCancel={() => setPrompt(null)}
        onSubmit={(id) => {
          setPrompt(null);
          void listCommands.subscribe(id);
        }}
      />
      <TimeZoneDialog
        open={zonesOpen}
        automaticZone={automaticZone}
        automaticReason={localAccount ? 'this device' : 'your Calendar setting'}
        displayZone={chosenZone}
        secondaryZone={secondaryZone}
        onDisplayZone={setDisplayZone}
        onSecondaryZone={setSecondaryZone}
        onClose={() => setZonesOpen(false)}
      />
    </section>
  );
}
