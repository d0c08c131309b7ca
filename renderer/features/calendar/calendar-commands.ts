import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { callApi } from '../../lib/api';
import { dateTimeFormat } from '../../lib/intl-format';
import { registerCommandSource, registerCommands, type Command } from '../../lib/commands';
import { useViewStore } from '../../shell/views';
import { calendarViews, useCalendarStore, viewLabels } from './calendar-store';

/** Something the palette asked of the calendar, done once the calendar view is on screen. */
type CalendarRequest = { kind: 'date'; date: string } | { kind: 'newEvent' };

const useRequestStore = create<{ request: CalendarRequest | null; ask: (request: CalendarRequest | null) => void }>(
  (set) => ({ request: null, ask: (request) => set({ request }) }),
);

function ask(request: CalendarRequest) {
  useRequestStore.getState().ask(request);
  useViewStore.getState().show('calendar');
}

function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "dec 20", "next friday", "tomorrow", "2027-01-04": the day it names, or null. */
export async function dateFromWords(words: string, now = new Date()): Promise<Date | null> {
  const chrono = await import('chrono-node');
  const [first] = chrono.parse(words, now, { forwardDate: true });
  // The whole of what is typed must read as a date; "meeting dec 20" is not a request for a day.
  if (!first || first.text.trim().length < words.trim().length - 1) return null;
  return first.start.date();
}

/**
 * The calendar's commands in the palette: new event, quick add, each view, today, and "go to" any day
 * typed in words. Registered for the app's lifetime, whichever view is shown; returns the unregister function.
 */
export function registerCalendarCommands(): () => void {
  const show = (view: (typeof calendarViews)[number]) => {
    useCalendarStore.getState().setView(view);
    useViewStore.getState().show('calendar');
  };
  const commands: Command[] = [
    {
      id: 'calendar.newEvent',
      title: 'New event',
      group: 'Create',
      keywords: ['create', 'add', 'meeting', 'appointment', 'calendar'],
      shortcut: 'C',
      run: () => ask({ kind: 'newEvent' }),
    },
    {
      id: 'calendar.quickAdd',
      title: 'Quick add event',
      group: 'Create',
      keywords: ['type', 'natural language', 'calendar'],
      shortcut: 'Q',
      run: () => {
        useCalendarStore.getState().openRoute({ kind: 'quickAdd' });
        useViewStore.getState().show('calendar');
      },
    },
    {
      id: 'calendar.today',
      title: 'Go to today',
      group: 'Go to',
      keywords: ['calendar', 'now'],
      shortcut: 'T',
      run: () => ask({ kind: 'date', date: isoDate(new Date()) }),
    },
    ...calendarViews.map((view): Command => ({
      id: `calendar.view.${view}`,
      title: `Calendar: ${viewLabels[view]} view`,
      group: 'Go to',
      keywords: ['show', 'calendar', viewLabels[view]],
      run: () => show(view),
    })),
  ];
  const unregister = registerCommands(commands);
  const unregisterSource = registerCommandSource({
    id: 'calendar.dates',
    matches: 'source',
    find: async (query) => {
      const date = await dateFromWords(query);
      if (!date) return [];
      const iso = isoDate(date);
      return [
        {
          id: `calendar.date.${iso}`,
          title: `Go to ${dayFormat.format(date)}`,
          group: 'Dates',
          hint: 'Calendar, day view',
          run: () => {
            useCalendarStore.getState().setView('day');
            ask({ kind: 'date', date: iso });
          },
        },
      ];
    },
  });
  const unregisterEvents = registerCommandSource({
    id: 'calendar.events',
    matches: 'source',
    find: async (query, signal) => {
      if (query.length < 2) return [];
      // Upcoming events of the primary calendar whose text has the words, soonest first, as its search does.
      const page = await callApi('CalendarEventsList', {
        calendarId: 'primary',
        q: query,
        singleEvents: true,
        orderBy: 'startTime',
        timeMin: new Date(Date.now() - 86_400_000).toISOString(),
        maxResults: eventResults,
      });
      if (signal.aborted) return [];
      return (page.items ?? []).flatMap((event): Command[] => {
        const eventId = event.id;
        if (!eventId || event.status === 'cancelled') return [];
        const start = event.start?.dateTime ?? event.start?.date;
        return [
          {
            id: `calendar.event.${eventId}`,
            title: event.summary?.trim() || '(No title)',
            group: 'Events',
            ...(start ? { hint: eventWhen(start, Boolean(event.start?.dateTime)) } : {}),
            run: () => {
              useCalendarStore.getState().openRoute({ kind: 'event', calendarId: 'primary', eventId });
              useViewStore.getState().show('calendar');
            },
          },
        ];
      });
    },
  });
  return () => {
    unregister();
    unregisterSource();
    unregisterEvents();
  };
}

/** How many events the palette lists for what is typed. */
const eventResults = 6;

/** "Mon, Dec 7, 10:00 AM" for a timed event, "Mon, Dec 7" for an all-day one. */
function eventWhen(start: string, timed: boolean): string {
  const day = { weekday: 'short', month: 'short', day: 'numeric' } as const;
  return timed
    ? dateTimeFormat(undefined, { ...day, hour: 'numeric', minute: '2-digit' }).format(new Date(start))
    : dateTimeFormat(undefined, day).format(new Date(`${start}T00:00:00`));
}

/** Does, in the calendar view, what the palette asked of it (a day to show, a new event to start). */
export function useCalendarCommandRequests(handlers: { goToDate: (date: string) => void; newEvent: () => void }) {
  const request = useRequestStore((state) => state.request);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!request) return;
    useRequestStore.getState().ask(null);
    if (request.kind === 'date') latest.current.goToDate(request.date);
    else latest.current.newEvent();
  }, [request]);
}
