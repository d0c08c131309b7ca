import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi, errorMessage, getActiveAccount, type BodyFor } from '../../lib/api';
import { ipc } from '../../platform/ipc';
import type { CalendarInfo } from './calendar-data';
import {
  appendEvent,
  editCachedEvents,
  refreshCalendarEvents,
  removeEvents,
  restoreCachedEvents,
  type EventListSnapshot,
} from './event-cache';
import {
  changedFields,
  fieldsForInsert,
  recurrenceOfDraft,
  repeatChanged,
  timesOfDraft,
  type EventDraft,
} from './event-draft';
import { eventTimesOf, googleTimesOf, newPendingEventId, type EventTimes, type GoogleEvent } from './event-mapping';
import { usesCount } from './recurrence-rule';
import {
  isFirstOccurrence,
  originalStartOf,
  planSeriesChange,
  planSingleChange,
  type EventChange,
  type SeriesScope,
  type WriteStep,
} from './series-plan';
import { addDaysToDate, daysBetween } from './time-zone';

/** An event as shown on the grid: the stored event (or instance) and the calendar it is on. */
export interface EventTarget {
  calendar: CalendarInfo;
  event: GoogleEvent;
}

export type ScopeAction = 'move' | 'edit' | 'delete';

export interface CommandDeps {
  /** Asks which instances a change to a recurring event applies to; null when the person cancels. */
  askScope: (action: ScopeAction, options: { allowThis: boolean }) => Promise<SeriesScope | null>;
  /** Shows a failed action's message (the change has been undone by then). */
  reportError: (message: string) => void;
  /** Shows what just happened, for screen readers and as a quiet confirmation. */
  announce: (message: string) => void;
}

/** Write options every event write sends: attachments are edited in the app. */
const writeOptions = { supportsAttachments: true } as const;

async function runStep(step: WriteStep): Promise<GoogleEvent | undefined> {
  switch (step.op) {
    case 'patch':
      return callApi(
        'CalendarEventsPatch',
        { calendarId: step.calendarId, eventId: step.eventId, ...writeOptions },
        step.body as BodyFor<'CalendarEventsPatch'>,
      );
    case 'update':
      return callApi(
        'CalendarEventsUpdate',
        { calendarId: step.calendarId, eventId: step.eventId, ...writeOptions },
        step.body as BodyFor<'CalendarEventsUpdate'>,
      );
    case 'insert':
      return callApi(
        'CalendarEventsInsert',
        { calendarId: step.calendarId, ...writeOptions },
        step.body as BodyFor<'CalendarEventsInsert'>,
      );
    case 'delete':
      await callApi('CalendarEventsDelete', { calendarId: step.calendarId, eventId: step.eventId });
      return undefined;
  }
}

/**
 * Runs the steps in order. One write is one call; several run in the core, which undoes those
 * already made if a later one fails, and finishes undoing after a restart.
 */
export async function runSteps(steps: readonly WriteStep[]): Promise<GoogleEvent[]> {
  const [only] = steps;
  if (steps.length <= 1) {
    const result = only ? await runStep(only) : undefined;
    return result ? [result] : [];
  }
  const account = getActiveAccount();
  const { results } = await ipc.invoke('calendar.applySeriesEdit', {
    ...(account ? { account } : {}),
    steps: [...steps],
  });
  return results as GoogleEvent[];
}

/** Everything the series needs for a "following" or "all" change: the series, and what COUNT and later exceptions require. */
async function loadSeries(calendarId: string, instance: GoogleEvent, scope: SeriesScope) {
  const masterId = instance.recurringEventId ?? '';
  const master = await callApi('CalendarEventsGet', { calendarId, eventId: masterId });
  if (scope !== 'following' || isFirstOccurrence(instance, master)) return { master };
  const zone = master.start?.timeZone ?? 'UTC';
  const original = originalStartOf(instance, zone);
  const originalIso =
    instance.originalStartTime?.dateTime ?? (original ? new Date(original.startMs).toISOString() : undefined);
  let occurrencesBefore: number | undefined;
  if (usesCount(master.recurrence ?? []) && originalIso) {
    const before = await callApi('CalendarEventsInstances', {
      calendarId,
      eventId: masterId,
      timeMax: originalIso,
      showDeleted: true,
      maxResults: 2500,
    });
    occurrencesBefore = (before.items ?? []).length;
  }
  const exceptions = master.iCalUID
    ? await callApi('CalendarEventsList', { calendarId, iCalUID: master.iCalUID, maxResults: 2500 })
    : undefined;
  const laterExceptionIds = (exceptions?.items ?? [])
    .filter((item) => item.recurringEventId === masterId && item.status !== 'cancelled' && item.id)
    .filter((item) => {
      const start = originalStartOf(item, zone);
      return start !== null && original !== null && start.startMs >= original.startMs;
    })
    .map((item) => item.id as string);
  return { master, occurrencesBefore, laterExceptionIds };
}

function withTimes(event: GoogleEvent, to: EventTimes): GoogleEvent {
  return { ...event, ...googleTimesOf(to) };
}

/** An instance's times moved the way the dragged one moved: same shift, new length. */
function shiftLike(event: GoogleEvent, before: EventTimes, after: EventTimes): GoogleEvent {
  const times = eventTimesOf(event, 'UTC');
  if (!times || times.allDay !== before.allDay || before.allDay !== after.allDay) return event;
  if (times.allDay && before.allDay && after.allDay) {
    const startDate = addDaysToDate(times.startDate, daysBetween(before.startDate, after.startDate));
    return withTimes(event, {
      allDay: true,
      startDate,
      endDate: addDaysToDate(startDate, daysBetween(after.startDate, after.endDate)),
    });
  }
  if (!times.allDay && !before.allDay && !after.allDay) {
    const startMs = times.startMs + (after.startMs - before.startMs);
    return withTimes(event, {
      allDay: false,
      startMs,
      endMs: startMs + (after.endMs - after.startMs),
      timeZone: times.timeZone,
    });
  }
  return event;
}

/** Which cached instances a scoped change touches. */
function seriesMatcher(instance: GoogleEvent, scope: SeriesScope): (event: GoogleEvent) => boolean {
  const masterId = instance.recurringEventId;
  if (scope === 'this' || !masterId) return (event) => event.id === instance.id;
  const from = originalStartOf(instance, 'UTC')?.startMs ?? Number.NEGATIVE_INFINITY;
  return (event) =>
    event.id === instance.id ||
    (event.recurringEventId === masterId &&
      (scope === 'all' || (originalStartOf(event, 'UTC')?.startMs ?? Number.NEGATIVE_INFINITY) >= from));
}

/** The optimistic form of a change, applied to the cached lists of the calendar. */
function applyOptimistic(
  client: QueryClient,
  target: EventTarget,
  scope: SeriesScope,
  change: EventChange,
): EventListSnapshot {
  const matches = seriesMatcher(target.event, scope);
  if (change.kind === 'delete') return editCachedEvents(client, target.calendar.id, removeEvents(matches));
  const before = eventTimesOf(target.event, 'UTC');
  const fields = change.kind === 'edit' ? (change.fields as Partial<GoogleEvent>) : {};
  return editCachedEvents(client, target.calendar.id, (items) =>
    items.map((event) => {
      if (event.id === target.event.id) return { ...withTimes(event, change.to), ...fields };
      if (!matches(event) || !before) return event;
      return { ...shiftLike(event, before, change.to), ...fields };
    }),
  );
}

function verbFor(action: ScopeAction): string {
  return action === 'move' ? 'move' : action === 'edit' ? 'save' : 'delete';
}

/**
 * The event commands of the calendar: create, move/resize, edit, delete, move to another
 * calendar, quick add. Each shows its result at once (optimistically), runs the writes, and on
 * refusal puts everything back and says why.
 */
export function useEventCommands(deps: CommandDeps) {
  const client = useQueryClient();

  return useMemo(() => {
    /** Asks for a scope when the event is an instance of a series; 'this' for single events. */
    async function scopeFor(target: EventTarget, action: ScopeAction, allowThis = true): Promise<SeriesScope | null> {
      if (!target.event.recurringEventId) return 'this';
      return deps.askScope(action, { allowThis });
    }

    async function apply(
      target: EventTarget,
      action: ScopeAction,
      scope: SeriesScope,
      change: EventChange,
      label: string,
    ): Promise<boolean> {
      const snapshot = applyOptimistic(client, target, scope, change);
      try {
        const calendarId = target.calendar.id;
        const steps = target.event.recurringEventId
          ? planSeriesChange(
              calendarId,
              target.event,
              scope,
              change,
              scope === 'this' ? { master: target.event } : await loadSeries(calendarId, target.event, scope),
            )
          : planSingleChange(calendarId, target.event, change);
        await runSteps(steps);
        deps.announce(label);
        return true;
      } catch (error) {
        restoreCachedEvents(client, snapshot);
        deps.reportError(
          `Couldn’t ${verbFor(action)} “${target.event.summary ?? 'the event'}”: ${errorMessage(error)}`,
        );
        return false;
      } finally {
        void refreshCalendarEvents(client, [target.calendar.id]);
      }
    }

    /** CalendarEventsMove; an instance moves its whole series (the API moves series, not instances). */
    async function moveToCalendar(target: EventTarget, destination: CalendarInfo): Promise<boolean> {
      const eventId = target.event.recurringEventId ?? target.event.id ?? '';
      const snapshot = editCachedEvents(
        client,
        target.calendar.id,
        removeEvents((event) => event.id === eventId || event.recurringEventId === eventId),
      );
      try {
        await callApi('CalendarEventsMove', { calendarId: target.calendar.id, eventId, destination: destination.id });
        deps.announce(`Moved “${target.event.summary ?? 'event'}” to ${destination.name}.`);
        return true;
      } catch (error) {
        restoreCachedEvents(client, snapshot);
        deps.reportError(
          `Couldn’t move “${target.event.summary ?? 'the event'}” to ${destination.name}: ${errorMessage(error)}`,
        );
        return false;
      } finally {
        void refreshCalendarEvents(client, [target.calendar.id, destination.id]);
      }
    }

    return {
      /** A drag or resize on the grid. `revert` puts the grid's copy back if the person cancels. */
      async changeTimes(target: EventTarget, to: EventTimes, revert: () => void): Promise<boolean> {
        const scope = await scopeFor(target, 'move');
        if (!scope) {
          revert();
          return false;
        }
        const done = await apply(
          target,
          'move',
          scope,
          { kind: 'times', to },
          `Moved “${target.event.summary ?? 'event'}”.`,
        );
        if (!done) revert();
        return done;
      },

      async create(draft: EventDraft, calendar: CalendarInfo): Promise<GoogleEvent | null> {
        const timing = timesOfDraft(draft);
        if ('problem' in timing) {
          deps.reportError(timing.problem);
          return null;
        }
        const recurrence = recurrenceOfDraft(draft);
        const body = {
          ...fieldsForInsert(draft),
          ...googleTimesOf(timing.times),
          ...(recurrence.length > 0 ? { recurrence } : {}),
        };
        const pending = { ...body, id: newPendingEventId(), status: 'confirmed' } as GoogleEvent;
        const snapshot = editCachedEvents(client, calendar.id, appendEvent(pending));
        try {
          const [created] = await runSteps([{ op: 'insert', calendarId: calendar.id, body }]);
          // Swap the placeholder for the stored event at once, so it is editable before the refetch lands.
          if (created)
            editCachedEvents(client, calendar.id, (items) =>
              items.map((item) => (item.id === pending.id ? created : item)),
            );
          deps.announce(`Created “${draft.summary.trim()}”.`);
          return created ?? null;
        } catch (error) {
          restoreCachedEvents(client, snapshot);
          deps.reportError(`Couldn’t create “${draft.summary.trim()}”: ${errorMessage(error)}`);
          return null;
        } finally {
          void refreshCalendarEvents(client, [calendar.id]);
        }
      },

      /**
       * Saves the editor. `onProceed` runs once the person has chosen a scope (the editor can close
       * then). Returns false when nothing was saved (cancelled or refused).
       */
      async save(
        target: EventTarget,
        initial: EventDraft,
        draft: EventDraft,
        destination: CalendarInfo | null,
        onProceed?: () => void,
      ): Promise<boolean> {
        const timing = timesOfDraft(draft);
        if ('problem' in timing) {
          deps.reportError(timing.problem);
          return false;
        }
        const recurrenceChanged = repeatChanged(initial, draft);
        const scope = await scopeFor(target, 'edit', !recurrenceChanged);
        if (!scope) return false;
        onProceed?.();
        // Unchanged rules are left alone: a split series continues the old rules (see planSeriesChange).
        const change: EventChange = {
          kind: 'edit',
          fields: changedFields(initial, draft),
          to: timing.times,
          ...(recurrenceChanged ? { recurrence: recurrenceOfDraft(draft) } : {}),
        };
        const saved = await apply(target, 'edit', scope, change, `Saved “${draft.summary.trim()}”.`);
        if (!saved || !destination || destination.id === target.calendar.id) return saved;
        return moveToCalendar(target, destination);
      },

      async remove(target: EventTarget, onProceed?: () => void): Promise<boolean> {
        const scope = await scopeFor(target, 'delete');
        if (!scope) return false;
        onProceed?.();
        return apply(target, 'delete', scope, { kind: 'delete' }, `Deleted “${target.event.summary ?? 'event'}”.`);
      },

      moveToCalendar,

      /** CalendarEventsQuickAdd: the service reads the date and time out of the text. */
      async quickAdd(text: string, calendar: CalendarInfo): Promise<GoogleEvent | null> {
        try {
          const created = await callApi('CalendarEventsQuickAdd', { calendarId: calendar.id, text });
          deps.announce(`Added “${created.summary ?? text}”.`);
          return created;
        } catch (error) {
          deps.reportError(`Couldn’t add “${text}”: ${errorMessage(error)}`);
          return null;
        } finally {
          void refreshCalendarEvents(client, [calendar.id]);
        }
      },
    };
  }, [client, deps]);
}
