import FullCalendar, {
  type AllDayHeaderInfo,
  type DateClickInfo,
  type CalendarController,
  type CalendarRef,
  type DateSelectInfo,
  type DatesSetInfo,
  type EventApi,
  type EventClickInfo,
  type EventDisplayInfo,
  type EventDropInfo,
  type EventInput,
  type EventResizeDoneInfo,
  type SlotHeaderInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import multiMonthPlugin from '@fullcalendar/react/multimonth';
import formaTheme from '@fullcalendar/react/themes/forma';
import timeGridPlugin from '@fullcalendar/react/timegrid';
// Order matters: skeleton, then theme, then palette, then our overrides (calendar.css).
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/forma/theme.css';
import '@fullcalendar/react/themes/forma/palettes/blue.css';
import { memo, useCallback, useEffect, useMemo, useReducer, useRef, type RefObject } from 'react';
import { WaitingDot } from '../../components/WaitingDot';
import { useWaitingIds } from '../../lib/offline';
import type { CalendarPreferences } from './calendar-settings';
import type { GridTaskProps } from './calendar-tasks';
import { gridInteractionPlugin } from './grid-interaction';
import { fullCalendarViews, useCalendarStore, viewOfFullCalendar, type CalendarViewId } from './calendar-store';
import {
  longTimedInAllDayRow,
  movedByDays,
  resizedByDays,
  untitledEventLabel,
  zeroLengthMs,
  type EventTimes,
  type GridEventProps,
} from './event-mapping';
import { useDraftTitle } from './draft-title';
import { gridRangeWords, shortClockWords } from './event-words';
import type { AnchorPoint } from './QuickCreate';
import { addDaysToDate, dateInZone, daysBetween, zoneCity, zoneOffsetLabel } from './time-zone';
import type { VisibleRange } from './visible-range';

const plugins = [formaTheme, timeGridPlugin, dayGridPlugin, listPlugin, multiMonthPlugin, gridInteractionPlugin];

/**
 * The all-day section of the day and week views shows at most three rows of all-day events and due
 * tasks, then "+N more" (a list of the rest) in a fourth: a day with many of them would otherwise
 * push the hours out of a small window.
 */
const allDayRows = 4;

/** Short month names, January first ("Jan"). */
const shortMonthNames = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2000, month, 1)),
);

/**
 * A month's day numbers, the first of each month with its month's short name ("Dec 1"), as Google
 * Calendar writes them: the days before and after the month shown say which month they are in.
 */
function monthCellLabel(arg: { date: { day: number; month: number } }): string {
  return arg.date.day === 1 ? `${shortMonthNames[arg.date.month] ?? ''} 1` : String(arg.date.day);
}

const customViews = {
  timeGrid: { dayMaxEventRows: allDayRows },
  timeGridWorkWeek: { type: 'timeGrid', duration: { weeks: 1 }, hiddenDays: [0, 6] },
  listAgenda: { type: 'list', duration: { days: 28 }, listText: 'Agenda' },
  dayGridMonth: {
    dayMaxEvents: true,
    dayCellFormat: monthCellLabel,
    // Today's number is a circle; "Dec 1" on a month's first day, a pill the theme draws.
    dayCellTopInnerClass: (info: { isToday: boolean; text: string; dayNumberText: string }) =>
      info.isToday && info.text === info.dayNumberText
        ? 'calendar-month-day-number calendar-month-day-number--today'
        : 'calendar-month-day-number',
  },
  // FullCalendar puts each month's title link inside the month's table, where a table may hold only
  // rows: the year view has no links; a click on a day opens that day (dateClick).
  multiMonthYear: { navLinks: false, selectable: false },
};

/** A time on its own on a 12-hour clock, as Google Calendar writes it beside a title: "10pm", "3:30pm". */
const shortTime12 = {
  hour: 'numeric',
  minute: '2-digit',
  omitZeroMinute: true,
  meridiem: 'short',
  hour12: true,
} as const;

/**
 * The views, by clock. A month's cells are narrow: an event's time there is as short as it reads,
 * "9am" or "2:30pm" (as Google Calendar writes it), or "09:00" on a 24-hour clock. The agenda says a
 * range the same way, "10 – 11am", as Google's schedule does.
 */
const clock24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const viewsByClock = {
  hour12: {
    ...customViews,
    dayGridMonth: { ...customViews.dayGridMonth, eventTimeFormat: shortTime12 },
    listAgenda: { ...customViews.listAgenda, eventTimeFormat: shortTime12 },
  },
  hour24: {
    ...customViews,
    dayGridMonth: { ...customViews.dayGridMonth, eventTimeFormat: clock24 },
    listAgenda: { ...customViews.listAgenda, eventTimeFormat: clock24 },
  },
} as const;

const slotMinutes = 30;

/** Constant objects: FullCalendar treats a new options object as a change and lays the view out again. */
const titleFormats: Record<CalendarViewId, Intl.DateTimeFormatOptions> = {
  day: { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' },
  week: { year: 'numeric', month: 'short', day: 'numeric' },
  workWeek: { year: 'numeric', month: 'short', day: 'numeric' },
  month: { year: 'numeric', month: 'long' },
  year: { year: 'numeric' },
  agenda: { year: 'numeric', month: 'short', day: 'numeric' },
};

export interface CalendarGridProps {
  calendarRef: RefObject<CalendarRef | null>;
  controller: CalendarController;
  view: CalendarViewId;
  events: EventInput[];
  displayZone: string;
  secondaryZone: string | null;
  preferences: CalendarPreferences;
  /**
   * The dates shown changed; `view` is the view now shown (a day header opens its day) and `current`
   * its own period (the week or month itself, without the days around it).
   */
  onRange: (range: VisibleRange, view: CalendarViewId | null, current: VisibleRange) => void;
  /** A time range chosen on the grid (drag, or a click, which proposes the default length), and where the pointer let go. */
  onSelectRange: (times: EventTimes, at: AnchorPoint | null) => void;
  /** An event clicked: its key and its element on the grid. */
  onOpenEvent: (key: string, element: HTMLElement) => void;
  /** A task (shown on its due day) clicked: its key and its element on the grid. */
  onOpenTask: (key: string, element: HTMLElement) => void;
  /** A task dragged to another day (`YYYY-MM-DD`); `revert` puts the grid's copy back. */
  onMoveTask: (key: string, date: string, revert: () => void) => void;
  /** An event dragged or resized to new times; `revert` puts the grid's copy back. */
  onChangeTimes: (key: string, to: EventTimes, revert: () => void) => void;
}

function minutesToDuration(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/**
 * Keyboard and voice access FullCalendar leaves out, put back wherever it draws (it redraws parts
 * of a view as it measures, so this runs after every change to the grid's content):
 * - a day header that opens its day is named by the full date alone ("November 22, 2026"), which
 *   leaves out what it shows ("22 Sun"), and voice control users say what they see: the name
 *   starts with it, and the two parts are set apart by a space, as they are read;
 * - the time grid scrolls inside the view, and with no event in it nothing there takes focus, so a
 *   keyboard could not scroll it: whatever scrolls is made focusable (arrow keys then scroll it).
 *   FullCalendar sets a scroller's overflow on the element itself (`style="overflow: hidden auto"`);
 *   only those boxes are measured, not each of a busy week's thousands of boxes.
 */
const eventSelector = '[data-testid="calendar-event"], [data-testid="calendar-task"]';

function repairAccess(root: HTMLElement) {
  // Every box is measured before anything is changed: the frame just painted left the layout done,
  // and a change made first would have the next measurement lay the whole grid out again.
  const focusable: HTMLElement[] = [];
  for (const box of root.querySelectorAll<HTMLElement>('div[style*="overflow"]:not([tabindex])')) {
    // Events clip their labels but never scroll.
    if (box.closest(eventSelector)) continue;
    if (box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1) continue;
    const style = getComputedStyle(box);
    if (!/auto|scroll/.test(style.overflowY) && !/auto|scroll/.test(style.overflowX)) continue;
    // Inside a grid's rows only cells may take focus: its first cell does, unless something in it already can.
    if (box.parentElement?.closest('[role="grid"], [role="table"], [role="rowgroup"], [role="row"]')) {
      if (box.querySelector('[tabindex], a[href], button, input, select, textarea')) continue;
      if (focusable.some((element) => box.contains(element))) continue;
      const cell = box.querySelector<HTMLElement>('[role="gridcell"], [role="cell"], [role="rowheader"]');
      if (cell) focusable.push(cell);
      continue;
    }
    focusable.push(box);
  }
  for (const element of focusable) element.tabIndex = 0;
  for (const link of root.querySelectorAll<HTMLElement>('[role="columnheader"] [role="link"][aria-label]')) {
    const parts = [...link.children];
    for (const part of parts.slice(1)) {
      if (part.previousSibling?.nodeType !== Node.TEXT_NODE) link.insertBefore(document.createTextNode(' '), part);
    }
    const shown = parts
      .map((part) => part.textContent.trim())
      .filter(Boolean)
      .join(' ');
    const label = link.getAttribute('aria-label') ?? '';
    if (shown && !label.startsWith(`${shown}, `)) link.setAttribute('aria-label', `${shown}, ${label}`);
  }
}

/** Marks rendered events for tests, selection and highlighting (FullCalendar v7 uses generated class names). */
function tagEventElement({ el, event, view, isMirror }: EventDisplayInfo & { el: HTMLElement }) {
  // The copy that follows the pointer while dragging (or a new event's outline while drawing it):
  // it carries the entry's marks, and this one says it is not the entry.
  if (isMirror) el.setAttribute('data-drag-copy', '');
  const task = event.extendedProps as Partial<GridTaskProps>;
  if (task.kind === 'task') {
    el.setAttribute('data-testid', 'calendar-task');
    el.setAttribute('data-event-key', event.id);
    el.setAttribute('data-task-id', task.taskId ?? '');
    el.setAttribute('data-task-list', task.listId ?? '');
    return;
  }
  const props = event.extendedProps as Partial<GridEventProps>;
  el.setAttribute('data-testid', 'calendar-event');
  el.setAttribute('data-event-key', event.id);
  el.setAttribute('data-event-id', props.eventId ?? '');
  el.setAttribute('data-calendar-id', props.calendarId ?? '');
  if (props.recurringEventId) el.setAttribute('data-recurring', 'true');
  if (props.pending) el.setAttribute('data-pending', 'true');
  // Timed blocks in the day and week grids size their labels to their own height (calendar.css).
  if (view.type.startsWith('timeGrid') && !event.allDay) el.setAttribute('data-time-grid', '');
  const { selectedKey, highlightKey } = useCalendarStore.getState();
  if (selectedKey === event.id) el.setAttribute('data-selected', '');
  if (highlightKey === event.id) {
    el.setAttribute('data-highlight', '');
    requestAnimationFrame(() => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  }
}

function DraftTitle() {
  return useDraftTitle(untitledEventLabel);
}

/** Events this long or shorter read as one line in the time grid: "Team standup, 10am". */
const oneLineMinutes = 45;

/** How the grid writes an event's times, in the zone it shows. */
interface GridTimeWords {
  /** The times as Google writes them in a block: "10 – 11am", "11pm – 1:30am" (or "10:00 – 11:00"). */
  range: (start: Date, end: Date) => string;
  /** The start alone, as short as it reads: "10pm", "3:30pm" (or "22:00" on a 24-hour clock). */
  start: (start: Date) => string;
}

/**
 * Timed events in the day and week grids put the title first, as Google Calendar does: one line
 * ("Team standup, 10am") for short events, the title then the times for taller ones. Labels
 * wrap between words or drop out whole (see calendar.css), never cut mid-label. Other views keep
 * FullCalendar's own content.
 */
function eventContent(info: EventDisplayInfo, waitingIds: ReadonlySet<string>, words: GridTimeWords) {
  const task = info.event.extendedProps as Partial<GridTaskProps>;
  if (task.kind === 'task') return taskContent(info.event.title, task.completed === true);
  // The block of a selection being made into an event shows the title typed into quick-create.
  const title = info.event.title || (info.isMirror ? <DraftTitle /> : untitledEventLabel);
  const { spansDays } = info.event.extendedProps as Partial<GridEventProps>;
  if (spansDays && info.view.type.startsWith('timeGrid')) {
    // A timed event of a day or more, in the all-day row: "9am Conference" where it starts, as Google writes it.
    const id = (info.event.extendedProps as Partial<GridEventProps>).eventId;
    const startText = info.isStart ? words.start(new Date(spansDays.startMs)) : null;
    return (
      <div className="grid-event grid-event--row" data-testid="grid-event-label">
        {startText ? <span className="grid-event__time">{startText}</span> : null}
        <span className="grid-event__title">{title}</span>
        {id && waitingIds.has(id) ? <WaitingDot collection="events" id={id} className="grid-event__waiting" /> : null}
      </div>
    );
  }
  if (info.view.type.startsWith('list') && !info.event.allDay && info.isStart && info.isEnd) {
    // An agenda line of an event within one day: its times in the grid's words ("10 – 11am", "8:30 – 9am"),
    // not FullCalendar's ("8:30 – 9:00am"). Parts of longer events keep FullCalendar's ("All-day", "– 5pm").
    const { start: from, end: to } = info.event;
    const id = (info.event.extendedProps as Partial<GridEventProps>).eventId;
    return (
      <>
        <div className={info.timeClass}>{from && to ? words.range(from, to) : info.timeText}</div>
        <div className={info.titleClass}>
          {title}
          {id && waitingIds.has(id) ? <WaitingDot collection="events" id={id} className="grid-event__waiting" /> : null}
        </div>
      </>
    );
  }
  if (!info.view.type.startsWith('timeGrid') || info.event.allDay) {
    const id = (info.event.extendedProps as Partial<GridEventProps>).eventId;
    // FullCalendar's own content, unless a change to the event waits to sync: then a dot ends the line
    // (the calendar's colour dot, FullCalendar's, stays first).
    if (!id || !waitingIds.has(id)) return true;
    return (
      <div className="grid-event grid-event--row" data-testid="grid-event-label">
        {info.timeText && !info.event.allDay ? <span className="grid-event__time">{info.timeText}</span> : null}
        <span className="grid-event__title">{title}</span>
        <WaitingDot collection="events" id={id} className="grid-event__waiting" />
      </div>
    );
  }
  const start = info.event.start?.getTime() ?? 0;
  const end = info.event.end?.getTime() ?? start;
  const short = info.isShort || end - start <= oneLineMinutes * 60_000;
  const { eventId, declined } = info.event.extendedProps as Partial<GridEventProps>;
  // Struck through on screen (calendar.css); said in words to a screen reader.
  const declinedNote = declined ? <span className="visually-hidden">Declined: </span> : null;
  // A change made offline and not yet on the server: a dot before the title. Only those events mount
  // one, so a busy week does not keep a subscription per event.
  const waiting =
    eventId && waitingIds.has(eventId) ? (
      <WaitingDot collection="events" id={eventId} className="grid-event__waiting" />
    ) : null;
  // FullCalendar measures each block as it lays the grid out: a block of one line's height
  // (`eventShortHeight`) shows only that line, and blocks in narrow day columns use a smaller type.
  // Classes rather than container queries: a busy week has a thousand blocks, and a size container
  // each made the grid's layout a third slower.
  const sized = `${info.isShort ? ' grid-event--tiny' : ''}${info.isNarrow ? ' grid-event--narrow' : ''}`;
  if (short) {
    // The start written on its own: the first half of the range ("3:30 – 3:45pm") has lost the meridiem
    // the range shares.
    const startText = info.event.start ? words.start(info.event.start) : info.timeText;
    return (
      <div className={`grid-event grid-event--line${sized}`} data-testid="grid-event-label">
        {waiting}
        {declinedNote}
        {/* The comma is heard, not seen: on screen the time may sit on the next line. */}
        <span className="grid-event__title">{title}</span>
        <span className="visually-hidden">, </span>
        <span className="grid-event__time">{startText}</span>
      </div>
    );
  }
  // The event's own times, in the grid's words rather than FullCalendar's ("10 – 11am", not "10:00 –
  // 11:00AM"); a part of an event that crosses midnight says them too, as Google does ("11pm – 1:30am" on
  // both days, not where the day cuts it). Each time is one unbreakable piece; a line may break only
  // between them.
  const pieces = (
    info.event.start && info.event.end ? words.range(info.event.start, info.event.end) : info.timeText
  ).split(/\s+[–-]\s+/);
  return (
    <div className={`grid-event grid-event--stack${sized}`} data-testid="grid-event-label">
      <span className="grid-event__title">
        {waiting}
        {declinedNote}
        {title}
      </span>
      <span className="grid-event__time">{unbreakablePieces(pieces)}</span>
    </div>
  );
}

/**
 * "11:15 AM –", "12:45 PM" as one text that a line may break only between the pieces: the spaces
 * inside each are no-break spaces (text rather than a box per piece: a busy week has hundreds).
 */
function unbreakablePieces(pieces: readonly string[]): string {
  return pieces
    .map((piece, index) => (index < pieces.length - 1 ? `${piece} –` : piece).replace(/ /g, '\u00a0'))
    .join(' ');
}

/** A task on its due day, as Google Calendar shows one: a circle (a tick once done) and the title. */
function taskContent(title: string, completed: boolean) {
  return (
    <div
      className={`grid-task${completed ? ' grid-task--done' : ''}`}
      data-testid="grid-task-label"
      data-completed={completed ? 'true' : undefined}
    >
      <svg className="grid-task__mark" width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
        {completed ? (
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        ) : null}
      </svg>
      <span className="grid-task__title">{title}</span>
      <span className="visually-hidden">{completed ? ', task, completed' : ', task'}</span>
    </div>
  );
}

/**
 * Scrolls the year view to a month (`YYYY-MM`): its row at the top where the scroll can go that far,
 * otherwise the nearest earlier row that leaves the month whole in view, so the top row is never
 * cut through its headings; the end of the year where no row does.
 */
function scrollMonthIntoView(root: HTMLElement | null, month: string) {
  const table = root?.querySelector<HTMLElement>(`[role="table"][data-date="${month}"]`);
  if (!root || !table) return;
  let scroller: HTMLElement | null = table.parentElement;
  while (
    scroller &&
    scroller !== root &&
    !(scroller.scrollHeight > scroller.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
  )
    scroller = scroller.parentElement;
  if (!scroller || scroller === root) return;
  const origin = scroller.getBoundingClientRect().top - scroller.scrollTop;
  const margin = 4;
  const target = table.getBoundingClientRect().top - origin - margin;
  const most = scroller.scrollHeight - scroller.clientHeight;
  const rowTops = [...root.querySelectorAll<HTMLElement>('[role="table"][data-date]')].map(
    (month) => month.getBoundingClientRect().top - origin - margin,
  );
  // Rows that can be the top one and leave the month whole in view below them.
  const bottom = table.getBoundingClientRect().bottom - origin;
  const reachable = rowTops.filter(
    (top) => top <= target + 1 && top <= most + 1 && bottom <= Math.max(0, top) + scroller.clientHeight + 1,
  );
  scroller.scrollTop = Math.max(0, reachable.length > 0 ? Math.max(...reachable) : Math.min(target, most));
}

/** An event's times as the grid now has them (timed ones in the display zone; the caller may keep the event's own). */
function gridTimes(event: EventApi, displayZone: string, defaultMinutes: number): EventTimes | null {
  if (!event.start) return null;
  if (event.allDay) {
    const startDate = event.startStr.slice(0, 10);
    const endDate = event.endStr ? event.endStr.slice(0, 10) : addDaysToDate(startDate, 1);
    return { allDay: true, startDate, endDate: endDate > startDate ? endDate : addDaysToDate(startDate, 1) };
  }
  const startMs = event.start.getTime();
  const drawnEndMs = event.end ? event.end.getTime() : startMs + defaultMinutes * 60_000;
  const { zeroLength } = event.extendedProps as Partial<GridEventProps>;
  const endMs = zeroLength ? drawnEndMs - zeroLengthMs : drawnEndMs;
  return { allDay: false, startMs, endMs, timeZone: displayZone };
}

/**
 * FullCalendar with Atrium's options: views, the person's settings (week start, clock, zone,
 * default length), selection to create, drag and resize to change, and an optional second clock
 * beside the hours. Handlers are read through refs so the grid never re-renders for them.
 */
export const CalendarGrid = memo(function CalendarGrid(props: CalendarGridProps) {
  const { calendarRef, controller, view, displayZone, secondaryZone, preferences } = props;
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  // While the person drags or selects, events changed elsewhere wait: FullCalendar would drop the gesture.
  const interacting = useRef(false);
  const shown = useRef(props.events);
  if (!interacting.current) shown.current = props.events;
  // The day and week views draw timed events of a day or more in the all-day row (see longTimedInAllDayRow).
  const drawn = useRef<{ from: typeof props.events; zone: string; timeGrid: boolean; events: typeof props.events }>(
    null,
  );
  const timeGrid = view === 'day' || view === 'week' || view === 'workWeek';
  if (
    !drawn.current ||
    drawn.current.from !== shown.current ||
    drawn.current.zone !== displayZone ||
    drawn.current.timeGrid !== timeGrid
  ) {
    drawn.current = {
      from: shown.current,
      zone: displayZone,
      timeGrid,
      events: timeGrid ? longTimedInAllDayRow(shown.current, displayZone) : shown.current,
    };
  }
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const release = () => {
      if (!interacting.current) return;
      interacting.current = false;
      if (shown.current !== latest.current.events) rerender();
    };
    // A release outside the window never arrives as pointerup; losing focus ends the gesture too.
    const endings = ['pointerup', 'pointercancel', 'blur'] as const;
    for (const ending of endings) window.addEventListener(ending, release);
    return () => {
      for (const ending of endings) window.removeEventListener(ending, release);
    };
  }, []);

  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (api && api.view.type !== fullCalendarViews[view]) api.changeView(fullCalendarViews[view]);
  }, [view, calendarRef]);

  const gridRef = useRef<HTMLDivElement>(null);
  const onDatesSet = useCallback((info: DatesSetInfo) => {
    // The store's view is the one shown: a report of another view is of one the person left before
    // it was drawn (keys pressed in quick succession), and the view asked for now reports next.
    // Taking the reported view back instead would ask for it again, and the two would chase each other.
    const shown = viewOfFullCalendar(info.view.type);
    if (shown !== useCalendarStore.getState().view) return;
    latest.current.onRange({ start: info.start, end: info.end }, shown, {
      start: info.view.currentStart,
      end: info.view.currentEnd,
    });
    if (shown === 'year') {
      const today = dateInZone(Date.now(), latest.current.displayZone).slice(0, 7);
      const first = info.view.currentStart.toISOString().slice(0, 7);
      // After FullCalendar's own first scroll (a frame later), which can leave the heading half hidden.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => scrollMonthIntoView(gridRef.current, today >= first ? today : first)),
      );
    }
  }, []);

  const onSelect = useCallback((info: DateSelectInfo) => {
    const { displayZone: zone, preferences: prefs } = latest.current;
    const at = info.jsEvent ? { x: info.jsEvent.clientX, y: info.jsEvent.clientY } : null;
    if (info.allDay) {
      latest.current.onSelectRange(
        { allDay: true, startDate: info.startStr.slice(0, 10), endDate: info.endStr.slice(0, 10) },
        at,
      );
      return;
    }
    const startMs = info.start.getTime();
    let endMs = info.end.getTime();
    // A click selects one slot: propose the person's default length instead, as Google does.
    if (endMs - startMs <= slotMinutes * 60_000) endMs = startMs + prefs.defaultEventMinutes * 60_000;
    latest.current.onSelectRange({ allDay: false, startMs, endMs, timeZone: zone }, at);
  }, []);

  useEffect(() => {
    const root = gridRef.current;
    if (!root) return;
    // Once the frame with the change is painted: the layout is then already done, so reading which
    // boxes scroll costs little, and a busy grid's first paint does not wait for it.
    let frame = 0;
    let task: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      if (frame || task) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        task = setTimeout(() => {
          task = undefined;
          repairAccess(root);
        }, 0);
      });
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
    schedule();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, []);

  // A day's link is named by its date; a month's first day by the words it shows too ("Dec 1", see monthCellLabel).
  const navLinkHint = useCallback(
    (dateText: string, date: Date) => {
      const day = dateInZone(date.getTime(), displayZone);
      if (!day.endsWith('-01')) return `Go to ${dateText}`;
      return `Go to ${shortMonthNames[Number(day.slice(5, 7)) - 1] ?? ''} 1, ${day.slice(0, 4)}`;
    },
    [displayZone],
  );

  // A day followed from the year view or from a day's heading: the store's view changes with the grid's.
  const showDay = useCallback(
    (date: Date) => {
      useCalendarStore.getState().setView('day');
      calendarRef.current?.getApi().changeView(fullCalendarViews.day, date);
    },
    [calendarRef],
  );
  const openDayOfYear = useCallback(
    (info: DateClickInfo) => {
      if (info.view.type === fullCalendarViews.year) showDay(info.date);
    },
    [showDay],
  );

  const onEventClick = useCallback((info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    if ((info.event.extendedProps as Partial<GridTaskProps>).kind === 'task') {
      latest.current.onOpenTask(info.event.id, info.el);
      return;
    }
    latest.current.onOpenEvent(info.event.id, info.el);
  }, []);

  const onChange = useCallback((info: EventDropInfo | EventResizeDoneInfo) => {
    const { displayZone: zone, preferences: prefs } = latest.current;
    if ((info.event.extendedProps as Partial<GridTaskProps>).kind === 'task') {
      if (!info.event.allDay) info.revert();
      else latest.current.onMoveTask(info.event.id, info.event.startStr.slice(0, 10), info.revert);
      return;
    }
    const { spansDays } = info.event.extendedProps as Partial<GridEventProps>;
    if (spansDays) {
      // A long timed event drawn in the all-day row: along the row it keeps its clock times and moves
      // by whole days; dropped on the hours, it starts there and keeps its length; its end dragged,
      // the end moves by whole days and keeps its clock time.
      const start = info.event.start?.getTime();
      const oldStart = info.oldEvent.startStr.slice(0, 10);
      const to: EventTimes | null =
        'endDelta' in info
          ? resizedByDays(
              spansDays,
              daysBetween(info.oldEvent.endStr.slice(0, 10), info.event.endStr.slice(0, 10)),
              zone,
            )
          : info.event.allDay
            ? movedByDays(spansDays, daysBetween(oldStart, info.event.startStr.slice(0, 10)), zone)
            : start === undefined
              ? null
              : { allDay: false, startMs: start, endMs: start + spansDays.endMs - spansDays.startMs, timeZone: zone };
      if (to) latest.current.onChangeTimes(info.event.id, to, info.revert);
      else info.revert();
      return;
    }
    const to = gridTimes(info.event, zone, prefs.defaultEventMinutes);
    if (!to) {
      info.revert();
      return;
    }
    latest.current.onChangeTimes(info.event.id, to, info.revert);
  }, []);

  // A new function when the set of events waiting to sync changes, so FullCalendar draws their dots.
  const waitingIds = useWaitingIds('events');
  const hour12 = preferences.hour12;
  const timeFormat = useMemo(
    (): Intl.DateTimeFormatOptions => ({ hour: 'numeric', minute: '2-digit', hour12 }),
    [hour12],
  );
  const content = useCallback(
    (info: EventDisplayInfo) =>
      eventContent(info, waitingIds, {
        // The grid's own words, in the zone it shows, so a block says the same whether it is drawn before
        // or after FullCalendar's API exists.
        range: (start, end) => gridRangeWords(start.getTime(), end.getTime(), displayZone, hour12),
        start: (start) => shortClockWords(start.getTime(), displayZone, hour12),
      }),
    [waitingIds, hour12, displayZone],
  );
  const slotFormat = useMemo(
    (): Intl.DateTimeFormatOptions =>
      hour12 ? { hour: 'numeric', hour12 } : { hour: '2-digit', minute: '2-digit', hour12 },
    [hour12],
  );

  const slotHeaderContent = useMemo(() => {
    if (!secondaryZone) return undefined;
    const secondary = new Intl.DateTimeFormat(undefined, {
      hour: 'numeric',
      ...(hour12 ? {} : { minute: '2-digit' }),
      hour12,
      timeZone: secondaryZone,
    });
    return (info: SlotHeaderInfo) =>
      info.isTime ? (
        <span className="dual-time">
          <span className="dual-time__secondary" data-testid="secondary-time">
            {secondary.format(info.date)}
          </span>
          <span className="dual-time__primary">{info.text}</span>
        </span>
      ) : (
        info.text
      );
  }, [secondaryZone, hour12]);

  const allDayHeaderContent = useMemo(() => {
    const primaryLabel = zoneOffsetLabel(displayZone);
    const secondaryLabel = secondaryZone ? zoneOffsetLabel(secondaryZone) : null;
    return (info: AllDayHeaderInfo) => (
      <span
        className="zone-header"
        title={secondaryZone ? `${zoneCity(secondaryZone)} · ${zoneCity(displayZone)}` : zoneCity(displayZone)}
      >
        {secondaryLabel ? <span className="zone-header__secondary">{secondaryLabel}</span> : null}
        <span className="zone-header__primary" data-testid="primary-zone-label">
          {primaryLabel}
        </span>
        <span className="visually-hidden">{info.text}</span>
      </span>
    );
  }, [displayZone, secondaryZone]);

  return (
    <div
      ref={gridRef}
      className="calendar-grid"
      onPointerDownCapture={(event) => {
        if (event.button === 0) interacting.current = true;
      }}
    >
      <FullCalendar
        ref={calendarRef}
        controller={controller}
        plugins={plugins}
        views={hour12 ? viewsByClock.hour12 : viewsByClock.hour24}
        initialView={fullCalendarViews[view]}
        headerToolbar={false}
        height="100%"
        timeZone={displayZone}
        firstDay={preferences.weekStart}
        weekends={!preferences.hideWeekends}
        nowIndicator
        navLinks
        navLinkDayClick={showDay}
        navLinkHint={navLinkHint}
        selectable
        selectMirror
        editable
        // A refused drop puts the entry back at once: FullCalendar's glide back can wait for a
        // transition end that never comes, leaving a copy of the entry floating over the grid.
        dragRevertDuration={0}
        eventInteractive
        slotDuration={minutesToDuration(slotMinutes)}
        snapDuration="00:15:00"
        // A block this tall (px) or less holds one line of its label (see eventContent).
        eventShortHeight={27}
        scrollTime="08:00:00"
        defaultTimedEventDuration={minutesToDuration(preferences.defaultEventMinutes)}
        eventTimeFormat={timeFormat}
        slotHeaderFormat={slotFormat}
        titleFormat={titleFormats[view]}
        {...(slotHeaderContent ? { slotHeaderContent } : {})}
        allDayHeaderContent={allDayHeaderContent}
        events={drawn.current.events}
        datesSet={onDatesSet}
        select={onSelect}
        eventClick={onEventClick}
        eventDrop={onChange}
        eventResize={onChange}
        eventDidMount={tagEventElement}
        dateClick={openDayOfYear}
        eventContent={content}
        // FullCalendar's own labels (month, all-day rows) end a title cut by its box with "…".
        eventTitleClass="fc-title-clipped"
        noEventsText="Nothing scheduled in this period."
      />
    </div>
  );
});
