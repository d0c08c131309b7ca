import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi, errorMessage } from '../../lib/api';
import type { CalendarInfo } from './calendar-data';
import { appendEvent, editCachedEvents, refreshCalendarEvents, removeEvents, restoreCachedEvents } from './event-cache';
import {
  changedFields,
  fieldsForInsert,
  recurrenceOfDraft,
  repeatChanged,
  timesOfDraft,
  type EventDraft,
} from './event-draft';
import { googleTimesOf, newPendingEventId, type EventTimes, type GoogleEvent } from './event-mapping';
import { loadSeries, runSteps } from './event-writes';
import { applyOptimistic } from './optimistic-change';
import { planSeriesChange, planSingleChange, type EventChange, type SeriesScope } from './series-plan';

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
