import type { CalendarViewId } from './calendar-store';
import type { ShortcutGroup } from '../../components/ShortcutSheet';
import { useSingleKeys } from '../../lib/single-keys';

export interface ShortcutHandlers {
  view: (view: CalendarViewId) => void;
  today: () => void;
  next: () => void;
  previous: () => void;
  create: () => void;
  quickAdd: () => void;
  /** Shows the sheet of these shortcuts. */
  help: () => void;
  edit: () => void;
  remove: () => void;
  search: () => void;
  /** Asks for a date to show (Google's g). */
  goToDate: () => void;
  /** Reads the shown events again (Google's r). */
  refresh: () => void;
  escape: () => void;
}

const viewKeys: Record<string, CalendarViewId> = {
  d: 'day',
  w: 'week',
  x: 'workWeek',
  m: 'month',
  y: 'year',
  a: 'agenda',
  // Google Calendar's numbers for the same views: 1 day, 2 week, 3 month, 4 custom (here the work week), 5 schedule, 6 year.
  '1': 'day',
  '2': 'week',
  '3': 'month',
  '4': 'workWeek',
  '5': 'agenda',
  '6': 'year',
};

/**
 * Google Calendar's single-key shortcuts: d/w/x/m/y/a (or 1–6) views, t today, j/k (n/p) next/previous,
 * g go to a date, r refresh, c create, q quick add, e edit, Delete delete, / search, ? this list, Escape. Ignored while typing, with
 * modifier keys, or while a dialog is open.
 */
export function useCalendarShortcuts(h: ShortcutHandlers): void {
  useSingleKeys((pressed) => {
    const key = pressed.length === 1 ? pressed.toLowerCase() : pressed;
    const view = viewKeys[key];
    if (view) h.view(view);
    else if (key === 't') h.today();
    else if (key === 'j' || key === 'n') h.next();
    else if (key === 'k' || key === 'p') h.previous();
    else if (key === 'c') h.create();
    else if (key === 'q') h.quickAdd();
    else if (key === 'e') h.edit();
    else if (key === 'Delete' || key === 'Backspace') h.remove();
    else if (key === '/') h.search();
    else if (key === 'g') h.goToDate();
    else if (key === 'r') h.refresh();
    else if (key === '?') h.help();
    else if (key === 'Escape') h.escape();
    else return false;
    return true;
  });
}

/** Every shortcut above, as the shortcut sheet lists them. */
export const shortcutSheet: ShortcutGroup[] = [
  {
    group: 'Views',
    items: [
      { keys: ['d', '1'], does: 'Day' },
      { keys: ['w', '2'], does: 'Week' },
      { keys: ['m', '3'], does: 'Month' },
      { keys: ['x', '4'], does: 'Work week' },
      { keys: ['a', '5'], does: 'Agenda' },
      { keys: ['y', '6'], does: 'Year' },
    ],
  },
  {
    group: 'Navigation',
    items: [
      { keys: ['t'], does: 'Go to today' },
      { keys: ['g'], does: 'Go to a date (type it)' },
      { keys: ['j', 'n'], does: 'Next period' },
      { keys: ['k', 'p'], does: 'Previous period' },
      { keys: ['/'], does: 'Search events' },
      { keys: ['r'], does: 'Refresh' },
    ],
  },
  {
    group: 'Events',
    items: [
      { keys: ['c'], does: 'Create an event' },
      { keys: ['q'], does: 'Quick add' },
      { keys: ['e'], does: 'Edit the selected event' },
      { keys: ['Delete', 'Backspace'], does: 'Delete the selected event' },
      { keys: ['Esc'], does: 'Close search, or clear the selection' },
      { keys: ['?'], does: 'Show these shortcuts' },
    ],
  },
];
