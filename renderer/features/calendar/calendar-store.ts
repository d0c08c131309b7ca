import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CalendarRoute } from './calendar-routes';

/** The calendar's views, by what people call them. */
export const calendarViews = ['day', 'week', 'workWeek', 'month', 'year', 'agenda'] as const;
export type CalendarViewId = (typeof calendarViews)[number];

export const viewLabels: Record<CalendarViewId, string> = {
  day: 'Day',
  week: 'Week',
  workWeek: 'Work week',
  month: 'Month',
  year: 'Year',
  agenda: 'Agenda',
};

/** FullCalendar's view names (two are defined by the calendar view itself). */
export const fullCalendarViews: Record<CalendarViewId, string> = {
  day: 'timeGridDay',
  week: 'timeGridWeek',
  workWeek: 'timeGridWorkWeek',
  month: 'dayGridMonth',
  year: 'multiMonthYear',
  agenda: 'listAgenda',
};

/** The view of a FullCalendar view type, null for a type the app does not show. */
export function viewOfFullCalendar(type: string): CalendarViewId | null {
  return calendarViews.find((view) => fullCalendarViews[view] === type) ?? null;
}

/** What previous/next step over, for button names. */
export const viewUnits: Record<CalendarViewId, string> = {
  day: 'day',
  week: 'week',
  workWeek: 'week',
  month: 'month',
  year: 'year',
  agenda: 'period',
};

interface CalendarUiState {
  view: CalendarViewId;
  /** Grid key of the event keyboard commands act on (last clicked or focused). */
  selectedKey: string | null;
  /** An event to draw attention to once (after jumping to a search result). */
  highlightKey: string | null;
  /** The zone the grid shows when the person chose one other than their Calendar setting. */
  displayZone: string | null;
  /** An optional second clock shown beside the time axis. */
  secondaryZone: string | null;
  /** The person declined the offer to show times in this device's zone. */
  zoneHintDismissed: boolean;
  /** An event or quick add asked for from outside the view (a reminder, a deep link, the tray). */
  route: CalendarRoute | null;
  /** Task lists whose due tasks the grid leaves out (every list is shown until the person hides it). */
  hiddenTaskLists: string[];
  /** The person hid the side panel (create buttons, mini month, calendars) in a wide window. */
  panelCollapsed: boolean;
  setPanelCollapsed: (collapsed: boolean) => void;
  setTaskListShown: (listId: string, shown: boolean) => void;
  setView: (view: CalendarViewId) => void;
  select: (key: string | null) => void;
  highlight: (key: string | null) => void;
  setDisplayZone: (zone: string | null) => void;
  setSecondaryZone: (zone: string | null) => void;
  dismissZoneHint: () => void;
  openRoute: (route: CalendarRoute | null) => void;
}

export const useCalendarStore = create<CalendarUiState>()(
  persist(
    (set) => ({
      view: 'week',
      selectedKey: null,
      highlightKey: null,
      displayZone: null,
      secondaryZone: null,
      zoneHintDismissed: false,
      route: null,
      hiddenTaskLists: [],
      panelCollapsed: false,
      setPanelCollapsed: (panelCollapsed) => set({ panelCollapsed }),
      setTaskListShown: (listId, shown) =>
        set((state) => ({
          hiddenTaskLists: shown
            ? state.hiddenTaskLists.filter((id) => id !== listId)
            : [...state.hiddenTaskLists.filter((id) => id !== listId), listId],
        })),
      setView: (view) => set({ view }),
      select: (selectedKey) => set({ selectedKey }),
      highlight: (highlightKey) => set({ highlightKey }),
      setDisplayZone: (displayZone) => set({ displayZone }),
      setSecondaryZone: (secondaryZone) => set({ secondaryZone }),
      dismissZoneHint: () => set({ zoneHintDismissed: true }),
      openRoute: (route) => set({ route }),
    }),
    {
      name: 'atrium.calendar.view',
      storage: createJSONStorage(() => localStorage),
      // Only choices worth remembering between sessions; selection is momentary.
      partialize: ({ view, displayZone, secondaryZone, zoneHintDismissed, hiddenTaskLists, panelCollapsed }) => ({
        view,
        displayZone,
        secondaryZone,
        zoneHintDismissed,
        hiddenTaskLists,
        panelCollapsed,
      }),
    },
  ),
);
