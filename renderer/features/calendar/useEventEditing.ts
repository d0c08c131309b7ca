import type { CalendarRef } from '@fullcalendar/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { apiQueryKey, callApi, useActiveAccount } from '../../lib/api';
import type { CalendarInfo } from './calendar-data';
import { useCalendarStore } from './calendar-store';
import type { EditorRequest } from './editor/EventEditorDialog';
import type { QuickViewTarget, Rsvp } from './EventQuickView';
import type { AnchorPoint, QuickCreateRequest } from './QuickCreate';
import { draftForNewEvent, draftFromEvent, type EventDraft } from './event-draft';
import { eventKey, eventTimesOf, type EventTimes } from './event-mapping';
import { proposedTimes } from './proposed-times';
import { wordsFor, type EventTarget, type useEventCommands } from './useEventCommands';
import type { VisibleEvents } from './useVisibleEvents';
import type { VisibleRange } from './visible-range';

export type Editing = EditorRequest & { target: EventTarget | null };

export interface EventEditingDeps {
  calendarRef: RefObject<CalendarRef | null>;
  /** The events on the grid by key; read when a handler runs, never a render dependency. */
  byKey: RefObject<VisibleEvents['byKey']>;
  calendarById: (id: string) => CalendarInfo | null;
  /** Where new events go: the primary calendar, or the first one the person may write to. */
  defaultCalendar: CalendarInfo | null;
  range: VisibleRange | null;
  displayZone: string;
  defaultEventMinutes: number;
  commands: ReturnType<typeof useEventCommands>;
  reportError: (sentence: string, error?: unknown) => void;
}

/**
 * The event editor's state and every way into it: a new event (a drag across the grid, c, the
 * button), an event on the grid, a drag or resize of one, and what saving or deleting does.
 */
export function useEventEditing(deps: EventEditingDeps) {
  const { calendarRef, byKey, calendarById, defaultCalendar, range, displayZone, commands, reportError } = deps;
  const client = useQueryClient();
  const account = useActiveAccount() ?? '';
  const select = useCalendarStore((state) => state.select);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [peek, setPeek] = useState<QuickViewTarget | null>(null);
  const [quickCreate, setQuickCreate] = useState<QuickCreateRequest | null>(null);

  const openNew = useCallback(
    (times?: EventTimes, summary = '', calendar: CalendarInfo | null = defaultCalendar) => {
      if (!calendar) {
        reportError('You have no calendar you can add events to.');
        return;
      }
      const proposal = times ?? proposedTimes(range, displayZone, deps.defaultEventMinutes);
      setEditing({
        mode: 'create',
        draft: { ...draftForNewEvent(proposal, calendar.id, displayZone), summary },
        partOfSeries: false,
        ownTime: null,
        readOnly: false,
        target: null,
      });
    },
    [defaultCalendar, range, displayZone, deps.defaultEventMinutes, reportError],
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
          reportError(`Couldn’t load the series of “${target.event.summary ?? 'this event'}”.`, error);
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
    [displayZone, select, client, account, reportError],
  );

  const openKey = useCallback(
    (key: string) => {
      const entry = byKey.current?.get(key);
      if (entry) void openTarget(entry);
    },
    [byKey, openTarget],
  );

  /** A click on an event: the quick view beside it. */
  const peekKey = useCallback(
    (key: string, anchor: HTMLElement) => {
      const entry = byKey.current?.get(key);
      if (!entry) return;
      select(key);
      setQuickCreate(null);
      setPeek({ ...entry, anchor });
    },
    [byKey, select],
  );

  /** A drag (or click) on an empty part of the grid: quick-create where the pointer let go. */
  const offerCreate = useCallback(
    (times: EventTimes, at: AnchorPoint | null) => {
      if (!at || !defaultCalendar) {
        openNew(times);
        return;
      }
      setPeek(null);
      setQuickCreate({ times, at });
    },
    [defaultCalendar, openNew],
  );

  const onChangeTimes = useCallback(
    (key: string, to: EventTimes, revert: () => void) => {
      const entry = byKey.current?.get(key);
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
    [byKey, commands, displayZone, select],
  );

  const submit = (draft: EventDraft, initial: EventDraft) => {
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

  const remove = () => {
    const target = editing?.target;
    if (target) void commands.remove(target, () => setEditing(null));
  };

  const close = () => {
    setEditing(null);
    calendarRef.current?.getApi().unselect();
  };

  const closeQuickCreate = () => {
    setQuickCreate(null);
    calendarRef.current?.getApi().unselect();
  };

  const quickCreateActions = {
    save: (summary: string, calendar: CalendarInfo | null) => {
      const request = quickCreate;
      closeQuickCreate();
      if (!request || !calendar) return;
      const draft = { ...draftForNewEvent(request.times, calendar.id, displayZone), summary };
      void commands.create(draft, calendar).then((created) => {
        if (created?.id) select(eventKey(calendar.id, created.id));
      });
    },
    moreOptions: (summary: string, calendar: CalendarInfo | null) => {
      const request = quickCreate;
      setQuickCreate(null);
      if (request) openNew(request.times, summary, calendar);
    },
    close: closeQuickCreate,
  };

  const quickViewActions = {
    edit: () => {
      const target = peek;
      setPeek(null);
      if (target) void openTarget(target);
    },
    remove: () => {
      const target = peek;
      setPeek(null);
      if (target) void commands.remove(target);
    },
    duplicate: () => {
      const target = peek;
      setPeek(null);
      if (target)
        void commands.duplicate(target).then((created) => {
          if (created?.id) select(eventKey(target.calendar.id, created.id));
        });
    },
    rsvp: (answer: Rsvp, selfId: string | null) => {
      const target = peek;
      if (!target) return;
      const isSelf = (email?: string | null, self?: boolean | null) =>
        Boolean(self) || (selfId !== null && email?.toLowerCase() === selfId.toLowerCase());
      const attendees = (target.event.attendees ?? []).map((attendee) =>
        isSelf(attendee.email, attendee.self) ? { ...attendee, responseStatus: answer } : attendee,
      );
      // The card follows the answer at once; the toast offers Undo.
      setPeek({ ...target, event: { ...target.event, attendees } });
      void commands.patchFields(target, { attendees }, wordsFor.rsvp(target.event));
    },
    close: () => setPeek(null),
  };

  // The grid gets handlers that never change identity: re-rendering FullCalendar with a 1,000-event
  // week costs as much as drawing it.
  const handlers = useRef({ offerCreate, peekKey, onChangeTimes });
  handlers.current = { offerCreate, peekKey, onChangeTimes };
  const gridHandlers = useMemo(
    () => ({
      onSelectRange: (times: EventTimes, at: AnchorPoint | null) => handlers.current.offerCreate(times, at),
      onOpenEvent: (key: string, element: HTMLElement) => handlers.current.peekKey(key, element),
      onChangeTimes: (key: string, to: EventTimes, revert: () => void) =>
        handlers.current.onChangeTimes(key, to, revert),
    }),
    [],
  );

  return {
    editing,
    openNew,
    openTarget,
    openKey,
    submit,
    remove,
    close,
    gridHandlers,
    peek,
    quickViewActions,
    quickCreate,
    quickCreateActions,
  };
}
