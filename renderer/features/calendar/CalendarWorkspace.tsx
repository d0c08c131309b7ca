import type { CalendarRef } from '@fullcalendar/react';
import { useCallback, useMemo, useRef, useState, type ComponentProps } from 'react';
import { getActiveAccount } from '../../lib/account-store';
import { notifyError } from '../../lib/notify';
import { setCompleted, setDueDate } from '../tasks';
import { CalendarBanners } from './CalendarBanners';
import { useCalendarDatesSource, useShownDate, type CalendarDates } from './calendar-dates';
import type { CalendarInfo, useCalendarPreferences, usePalettes } from './calendar-data';
import { CalendarDialogs, OnceOpened, ShortcutSheet, type CalendarPrompt } from './CalendarDialogs';
import { useCalendarStore, type CalendarViewId } from './calendar-store';
import { useCalendarTasks } from './calendar-tasks';
import { CalendarMain } from './CalendarMain';
import { CalendarSidebar } from './CalendarSidebar';
import { CalendarToolbar } from './CalendarToolbar';
import { EventContextMenu, useEventMenuActions } from './EventContextMenu';
import { EventQuickView } from './EventQuickView';
import { QuickCreate } from './QuickCreate';
import { MiniMonth } from '../../components/MiniMonth';
import { TaskQuickView } from './TaskQuickView';
import { useScopePrompt } from './RecurrenceScopeDialog';
import { colorForNewCalendar } from './colors';
import { draftFromQuickAdd } from './event-draft';
import { dateInZone, deviceTimeZone, zoneOffsetLabel } from './time-zone';
import { useCalendarListCommands } from './useCalendarListCommands';
import { useCalendarCommandRequests } from './calendar-commands';
import { useCalendarRoute, useJumpTo, useOpenFound, useSelectionMarks } from './useCalendarRoute';
import { openCommandPalette } from '../../shell/CommandPalette';
import { shortcutSheet, useCalendarShortcuts } from './useCalendarShortcuts';
import { useSidePanel } from './useSidePanel';
import { useEventCommands } from './useEventCommands';
import { useEventEditing } from './useEventEditing';
import { useVisibleEvents } from './useVisibleEvents';
import { rememberedRange, rememberRange, type RangeInputs } from './remembered-range';
import { sameRange, type VisibleRange } from './visible-range';

/** Views with a fixed length, whose neighbours' ranges are known in advance. */
const fixedLengthViews: ReadonlySet<CalendarViewId> = new Set(['day', 'week', 'workWeek']);

/** The calendar once its list and settings are known: toolbar, sidebar, grid, cards and dialogs. */
export function CalendarWorkspace({
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
  const dates = useCalendarDatesSource();
  const calendarRef = useRef<CalendarRef>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);

  const view = useCalendarStore((state) => state.view);
  const setView = useCalendarStore((state) => state.setView);
  const selectedKey = useCalendarStore((state) => state.selectedKey);
  const select = useCalendarStore((state) => state.select);
  const chosenZone = useCalendarStore((state) => state.displayZone);
  const secondaryZone = useCalendarStore((state) => state.secondaryZone);
  // The local account's calendar is kept in this device's zone by the core; its times follow the
  // device, as the computer's clock does. Google accounts follow their Calendar setting.
  const device = deviceTimeZone();
  const automaticZone = localAccount ? device : preferences.timeZone;
  const displayZone = chosenZone ?? automaticZone;

  // The range FullCalendar will show, when known from an earlier start: the events are asked for
  // (and the last-known ones drawn) in its first frame instead of after it reports its dates.
  const rangeInputs: RangeInputs = { view, zone: displayZone, preferences };
  const latestRangeInputs = useRef(rangeInputs);
  latestRangeInputs.current = rangeInputs;
  const [range, setRange] = useState<VisibleRange | null>(() => rememberedRange(getActiveAccount() ?? '', rangeInputs));
  const panel = useSidePanel();
  const [settingsFor, setSettingsFor] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<CalendarPrompt | null>(null);
  const [zonesOpen, setZonesOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [searchText, setSearchText] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const primary = calendars.find((calendar) => calendar.primary) ?? null;
  const defaultCalendar = primary?.writable ? primary : (calendars.find((calendar) => calendar.writable) ?? null);
  const writableCalendars = useMemo(() => calendars.filter((calendar) => calendar.writable), [calendars]);
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
  const calendarTasks = useCalendarTasks(range, displayZone);
  const setTaskListShown = useCalendarStore((state) => state.setTaskListShown);
  const [taskPeek, setTaskPeek] = useState<{ key: string; anchor: HTMLElement } | null>(null);
  const peekedTask = taskPeek ? calendarTasks.byKey.get(taskPeek.key) : undefined;
  const gridEvents = useMemo(
    () => (calendarTasks.inputs.length === 0 ? visible.events : [...visible.events, ...calendarTasks.inputs]),
    [visible.events, calendarTasks.inputs],
  );
  const gridVisible = { ...visible, events: gridEvents };
  const openTask = useCallback((key: string, anchor: HTMLElement) => setTaskPeek({ key, anchor }), []);
  const tasksByKey = useRef(calendarTasks.byKey);
  tasksByKey.current = calendarTasks.byKey;
  const moveTask = useCallback((key: string, date: string, revert: () => void) => {
    const due = tasksByKey.current.get(key);
    if (!due) {
      revert();
      return;
    }
    if (due.date !== date) void setDueDate(due.listId, due.task, date, revert);
  }, []);

  const scopePrompt = useScopePrompt();
  const commandDeps = useMemo(() => ({ askScope: scopePrompt.ask }), [scopePrompt.ask]);
  const commands = useEventCommands(commandDeps);
  const listCommands = useCalendarListCommands();

  const onRange = useCallback((next: VisibleRange, shownView: CalendarViewId | null, current: VisibleRange) => {
    setRange((previous) => (sameRange(previous, next) ? previous : next));
    const inputs = latestRangeInputs.current;
    rememberRange(getActiveAccount() ?? '', { ...inputs, view: shownView ?? inputs.view }, next, current);
  }, []);

  const api = () => calendarRef.current?.getApi();

  const editor = useEventEditing({
    calendarRef,
    byKey,
    calendarById,
    defaultCalendar,
    range,
    displayZone,
    defaultEventMinutes: preferences.defaultEventMinutes,
    commands,
    reportError: notifyError,
  });
  const jumpTo = useJumpTo(calendarRef, displayZone);
  const openQuickAdd = useCallback(() => setPrompt('quickAdd'), []);
  useCalendarRoute({
    calendarById,
    primary,
    jumpTo,
    openTarget: editor.openTarget,
    quickAdd: openQuickAdd,
    reportError: notifyError,
  });
  useSelectionMarks(surfaceRef, visible.events);
  const openFound = useOpenFound(surfaceRef, jumpTo, editor.gridHandlers.onOpenEvent);
  const eventMenu = useEventMenuActions(byKey, editor, commands, palettes);
  useCalendarCommandRequests({ goToDate: (date) => api()?.gotoDate(date), newEvent: () => editor.openNew() });

  useCalendarShortcuts({
    view: setView,
    today: () => api()?.today(),
    next: () => api()?.next(),
    previous: () => api()?.prev(),
    create: () => editor.openNew(),
    quickAdd: openQuickAdd,
    help: () => setShortcutsOpen(true),
    edit: () => {
      if (selectedKey) editor.openKey(selectedKey);
    },
    remove: () => {
      const entry = selectedKey ? byKey.current.get(selectedKey) : undefined;
      if (entry?.calendar.writable) void commands.remove(entry);
    },
    search: () => searchRef.current?.focus(),
    // The palette reads a typed date ("dec 25", "next friday") and goes there.
    goToDate: openCommandPalette,
    refresh: () => visible.refetch(),
    escape: () => {
      if (searchText !== null) setSearchText(null);
      else select(null);
    },
  });

  const today = dateInZone(Date.now(), displayZone);

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
        dates={dates}
        view={view}
        // A range's first load shows as the bar along the grid's top edge (CalendarMain); this is for refreshes.
        busy={(visible.isFetching && !visible.isPending) || listRefreshing}
        zoneLabel={zoneOffsetLabel(displayZone)}
        onToday={() => api()?.today()}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onView={setView}
        onSearch={setSearchText}
        onTimeZones={() => setZonesOpen(true)}
        searchRef={searchRef}
        panelShown={panel.shown}
        onTogglePanel={panel.toggle}
        panelToggleRef={panel.toggleRef}
        onNewEvent={() => editor.openNew()}
      />
      <CalendarBanners
        device={device}
        settingZone={preferences.timeZone}
        localAccount={localAccount}
        visible={visible}
      />
      <div className={panel.shown && !panel.drawer ? 'calendar-layout' : 'calendar-layout calendar-layout--full'}>
        {panel.drawer ? (
          <div className="calendar-panel-backdrop" onClick={panel.closeDrawer} data-testid="calendar-panel-backdrop" />
        ) : null}
        {panel.shown ? (
          <CalendarSidebar
            drawer={panel.drawer}
            calendars={calendars}
            miniMonth={
              <ShownMiniMonth
                dates={dates}
                displayZone={displayZone}
                today={today}
                visibleFrom={range ? dateInZone(range.start.getTime(), displayZone) : today}
                visibleTo={range ? dateInZone(range.end.getTime(), displayZone) : today}
                weekStart={preferences.weekStart}
                onPick={(date) => api()?.gotoDate(date)}
              />
            }
            onNewEvent={panel.then(() => editor.openNew())}
            onQuickAdd={panel.then(openQuickAdd)}
            onToggle={(calendar, shown) => listCommands.setShown(calendar, shown)}
            taskLists={calendarTasks.lists}
            onToggleTaskList={setTaskListShown}
            onOpenSettings={panel.then((calendar: CalendarInfo) => setSettingsFor(calendar.id))}
            onNewCalendar={panel.then(() => setPrompt('newCalendar'))}
            onSubscribe={panel.then(() => setPrompt('subscribe'))}
          />
        ) : null}
        <EventContextMenu actions={eventMenu}>
          <CalendarMain
            calendars={calendars}
            visible={gridVisible}
            hasRange={range !== null}
            dates={dates}
            surfaceRef={surfaceRef}
            searchText={searchText}
            onCloseSearch={() => setSearchText(null)}
            onOpenFound={openFound}
            calendarRef={calendarRef}
            view={view}
            displayZone={displayZone}
            secondaryZone={secondaryZone}
            preferences={preferences}
            onRange={onRange}
            onOpenTask={openTask}
            onMoveTask={moveTask}
            {...editor.gridHandlers}
          />
        </EventContextMenu>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="calendar-announcement">
        {announcement}
      </div>

      <CalendarDialogs
        calendars={calendars}
        palettes={palettes}
        displayZone={displayZone}
        hour12={preferences.hour12}
        weekStart={preferences.weekStart}
        selfId={primary?.id ?? null}
        editing={editor.editing}
        onEditorSubmit={editor.submit}
        onEditorDelete={editor.remove}
        onEditorClose={editor.close}
        settingsCalendar={settingsFor ? calendarById(settingsFor) : null}
        onSettingsClose={() => setSettingsFor(null)}
        listCommands={listCommands}
        prompt={prompt}
        onPromptClose={() => setPrompt(null)}
        defaultCalendar={defaultCalendar}
        defaultEventMinutes={preferences.defaultEventMinutes}
        onQuickAdd={(result, calendar) => {
          void commands.create(draftFromQuickAdd(result, calendar.id, displayZone), calendar).then((created) => {
            if (created) jumpTo(calendar, created);
          });
        }}
        onNewCalendar={(name) =>
          void listCommands
            .create(
              name,
              displayZone,
              colorForNewCalendar(
                calendars.map((calendar) => ({ colorId: calendar.colorId, background: calendar.color.background })),
                palettes,
              ),
            )
            .then((id) => id && setAnnouncement(`Created the calendar “${name}”.`))
        }
        zonesOpen={zonesOpen}
        onZonesClose={() => setZonesOpen(false)}
        automaticZone={automaticZone}
        localAccount={localAccount}
      />
      <EventQuickView
        target={editor.peek}
        palettes={palettes}
        displayZone={displayZone}
        hour12={preferences.hour12}
        selfId={primary?.id ?? null}
        onEdit={editor.quickViewActions.edit}
        onDelete={editor.quickViewActions.remove}
        onDuplicate={editor.quickViewActions.duplicate}
        onRsvp={(answer) => editor.quickViewActions.rsvp(answer, primary?.id ?? null)}
        onClose={editor.quickViewActions.close}
      />
      <TaskQuickView
        target={taskPeek && peekedTask ? { due: peekedTask, anchor: taskPeek.anchor } : null}
        displayZone={displayZone}
        onToggleCompleted={(due, completed) => {
          setTaskPeek(null);
          void setCompleted(due.listId, due.task, completed);
        }}
        onClose={() => setTaskPeek(null)}
      />
      <QuickCreate
        request={editor.quickCreate}
        calendar={defaultCalendar}
        calendars={writableCalendars}
        displayZone={displayZone}
        hour12={preferences.hour12}
        onSave={editor.quickCreateActions.save}
        onMoreOptions={editor.quickCreateActions.moreOptions}
        onClose={editor.quickCreateActions.close}
      />
      {scopePrompt.dialog}
      <OnceOpened
        open={shortcutsOpen}
        what="the keyboard shortcuts"
        onClose={() => setShortcutsOpen(false)}
        retry={ShortcutSheet.preload}
      >
        <ShortcutSheet.Component
          open={shortcutsOpen}
          onClose={() => setShortcutsOpen(false)}
          sections={shortcutSheet}
          description="Single keys, whenever you are not typing in a field."
        />
      </OnceOpened>
    </section>
  );
}

/** The side panel's month, on the day the grid shows: it renders again when the grid's dates change. */
function ShownMiniMonth({
  dates,
  displayZone,
  today,
  ...props
}: Omit<ComponentProps<typeof MiniMonth>, 'current'> & { dates: CalendarDates; displayZone: string }) {
  const shown = useShownDate(dates);
  return <MiniMonth current={shown ? dateInZone(shown.getTime(), displayZone) : today} today={today} {...props} />;
}
