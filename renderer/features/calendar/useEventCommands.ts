import { useMemo } from 'react';
import { callApi, queryClient } from '../../lib/api';
import { runOptimisticMutation, type SuccessNotice } from '../../lib/mutation';
import type { CalendarInfo } from './calendar-data';
import {
  appendEvent,
  eventListFilters,
  eventListUpdate,
  removeEvents,
  replaceCachedEvent,
  undoUpdates,
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
import { loadSeries, runChange, runSteps, type DoneChange } from './event-writes';
import { optimisticChange } from './optimistic-change';
import {
  copyFields,
  planSeriesChange,
  planSingleChange,
  type EventChange,
  type SeriesScope,
  type WriteStep,
} from './series-plan';

/** An event as shown on the grid: the stored event (or instance) and the calendar it is on. */
export interface EventTarget {
  calendar: CalendarInfo;
  event: GoogleEvent;
}

export type ScopeAction = 'move' | 'edit' | 'delete';

export interface CommandDeps {
  /** Asks which instances a change to a recurring event applies to; null when the person cancels. */
  askScope: (action: ScopeAction, options: { allowThis: boolean }) => Promise<SeriesScope | null>;
}

/** How a change is told in its toast ("Event moved · Undo") and when it fails. */
export interface ChangeWords {
  done: string;
  failed: string;
}

const titleOf = (event: { summary?: string | null }) =>
  event.summary?.trim() ? `“${event.summary.trim()}”` : 'the event';

export const wordsFor = {
  move: (event: GoogleEvent): ChangeWords => ({ done: 'Event moved', failed: `Couldn’t move ${titleOf(event)}.` }),
  resize: (event: GoogleEvent): ChangeWords => ({
    done: 'Event resized',
    failed: `Couldn’t change the length of ${titleOf(event)}.`,
  }),
  edit: (event: GoogleEvent): ChangeWords => ({ done: 'Event saved', failed: `Couldn’t save ${titleOf(event)}.` }),
  delete: (event: GoogleEvent): ChangeWords => ({
    done: 'Event deleted',
    failed: `Couldn’t delete ${titleOf(event)}.`,
  }),
  colour: (event: GoogleEvent): ChangeWords => ({
    done: 'Color changed',
    failed: `Couldn’t change the color of ${titleOf(event)}.`,
  }),
  rsvp: (event: GoogleEvent): ChangeWords => ({ done: 'Reply sent', failed: `Couldn’t answer ${titleOf(event)}.` }),
};

/** Writes that take a change back: an Undo, itself an optimistic mutation, not offered again. */
export function undoChange(steps: readonly WriteStep[], calendarIds: readonly string[]): Promise<unknown> {
  return runOptimisticMutation(
    {
      apply: () => undoUpdates(steps),
      call: () => runSteps(steps),
      refetch: () => eventListFilters(calendarIds),
      failure: () => 'Couldn’t undo the change.',
    },
    undefined,
  );
}

function noticeOf(done: DoneChange, message: string, calendarIds: readonly string[]): SuccessNotice {
  return done.undo.length > 0 ? { message, undo: () => undoChange(done.undo, calendarIds) } : { message };
}

/**
 * The event commands of the calendar: create, move/resize, edit, delete, move to another
 * calendar, quick add. Each is one optimistic mutation (`runOptimisticMutation`): shown at once,
 * put back with a toast saying why if the service refuses, and told in a toast with Undo (also
 * Ctrl/Cmd+Z) when it is done.
 */
export function useEventCommands(deps: CommandDeps) {
  return useMemo(() => {
    /** Asks for a scope when the event is an instance of a series; 'this' for single events. */
    async function scopeFor(target: EventTarget, action: ScopeAction, allowThis = true): Promise<SeriesScope | null> {
      if (!target.event.recurringEventId) return 'this';
      return deps.askScope(action, { allowThis });
    }

    async function apply(target: EventTarget, scope: SeriesScope, change: EventChange, words: ChangeWords) {
      const calendarId = target.calendar.id;
      const done = await runOptimisticMutation(
        {
          apply: () => [optimisticChange(target, scope, change)],
          call: async () => {
            const steps = target.event.recurringEventId
              ? planSeriesChange(
                  calendarId,
                  target.event,
                  scope,
                  change,
                  scope === 'this' ? { master: target.event } : await loadSeries(calendarId, target.event, scope),
                )
              : planSingleChange(calendarId, target.event, change);
            return runChange(steps);
          },
          failure: () => words.failed,
          success: (result) => noticeOf(result, words.done, [calendarId]),
        },
        undefined,
      );
      return done !== undefined;
    }

    /** CalendarEventsMove; an instance moves its whole series (the API moves series, not instances). */
    async function moveToCalendar(target: EventTarget, destination: CalendarInfo): Promise<boolean> {
      const eventId = target.event.recurringEventId ?? target.event.id ?? '';
      const source = target.calendar;
      const moveBetween = (from: string, to: string) =>
        callApi('CalendarEventsMove', { calendarId: from, eventId, destination: to });
      const done = await runOptimisticMutation(
        {
          apply: () => [
            eventListUpdate(
              source.id,
              removeEvents((event) => event.id === eventId || event.recurringEventId === eventId),
            ),
          ],
          call: () => moveBetween(source.id, destination.id),
          refetch: () => eventListFilters([destination.id]),
          failure: () => `Couldn’t move ${titleOf(target.event)} to ${destination.name}.`,
          success: () => ({
            message: `Event moved to ${destination.name}`,
            undo: () =>
              runOptimisticMutation(
                {
                  call: () => moveBetween(destination.id, source.id),
                  refetch: () => eventListFilters([source.id, destination.id]),
                  failure: () => 'Couldn’t undo the change.',
                },
                undefined,
              ),
          }),
        },
        undefined,
      );
      return done !== undefined;
    }

    /** Inserts a new event, shown at once as a placeholder that the stored event replaces. */
    async function insert(body: GoogleEvent, calendar: CalendarInfo, words: ChangeWords): Promise<GoogleEvent | null> {
      const pending = { ...body, id: newPendingEventId(), status: 'confirmed' } as GoogleEvent;
      const done = await runOptimisticMutation(
        {
          apply: () => [eventListUpdate(calendar.id, appendEvent(pending))],
          call: async () => {
            const outcome = await runChange([{ op: 'insert', calendarId: calendar.id, body }]);
            const [created] = outcome.results;
            if (created) replaceCachedEvent(queryClient, calendar.id, pending.id ?? '', created);
            return outcome;
          },
          failure: () => words.failed,
          success: (result) => noticeOf(result, words.done, [calendar.id]),
        },
        undefined,
      );
      return done?.results[0] ?? null;
    }

    return {
      /** A drag or resize on the grid. `revert` puts the grid's copy back if the person cancels. */
      async changeTimes(target: EventTarget, to: EventTimes, revert: () => void): Promise<boolean> {
        const scope = await scopeFor(target, 'move');
        if (!scope) {
          revert();
          return false;
        }
        // The same start and another end: the event was resized, not moved.
        const from = eventTimesOf(target.event, 'UTC');
        const resized =
          from !== null &&
          (from.allDay && to.allDay
            ? from.startDate === to.startDate && from.endDate !== to.endDate
            : !from.allDay && !to.allDay && from.startMs === to.startMs && from.endMs !== to.endMs);
        const words = resized ? wordsFor.resize(target.event) : wordsFor.move(target.event);
        const done = await apply(target, scope, { kind: 'times', to }, words);
        if (!done) revert();
        return done;
      },

      async create(draft: EventDraft, calendar: CalendarInfo): Promise<GoogleEvent | null> {
        const timing = timesOfDraft(draft);
        // The editor and quick-create refuse such a draft before it gets here.
        if ('problem' in timing) return null;
        const recurrence = recurrenceOfDraft(draft);
        const body = {
          ...fieldsForInsert(draft),
          ...googleTimesOf(timing.times),
          ...(recurrence.length > 0 ? { recurrence } : {}),
        } as GoogleEvent;
        return insert(body, calendar, { done: 'Event created', failed: `Couldn’t create “${draft.summary.trim()}”.` });
      },

      /** A copy of the event (of this occurrence, for a series) at the same time on the same calendar. */
      async duplicate(target: EventTarget): Promise<GoogleEvent | null> {
        const { status: _status, ...fields } = copyFields(target.event);
        const body = { ...fields, start: target.event.start, end: target.event.end } as GoogleEvent;
        return insert(body, target.calendar, {
          done: 'Event duplicated',
          failed: `Couldn’t duplicate ${titleOf(target.event)}.`,
        });
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
        if ('problem' in timing) return false;
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
        const saved = await apply(target, scope, change, wordsFor.edit(target.event));
        if (!saved || !destination || destination.id === target.calendar.id) return saved;
        return moveToCalendar(target, destination);
      },

      /**
       * Patches some fields of this event (or occurrence) alone, e.g. the person's answer to an
       * invitation; Undo patches them back to what they were.
       */
      async patchFields(target: EventTarget, fields: Record<string, unknown>, words: ChangeWords): Promise<boolean> {
        const calendarId = target.calendar.id;
        const eventId = target.event.id ?? '';
        const before = Object.fromEntries(
          Object.keys(fields).map((name) => [name, (target.event as Record<string, unknown>)[name] ?? null]),
        );
        const done = await runOptimisticMutation(
          {
            apply: () => [
              eventListUpdate(calendarId, (items) =>
                items.map((item) => (item.id === eventId ? { ...item, ...fields } : item)),
              ),
            ],
            call: () => runSteps([{ op: 'patch', calendarId, eventId, body: fields }]),
            refetch: () => eventListFilters([calendarId]),
            failure: () => words.failed,
            success: () => ({
              message: words.done,
              undo: () => undoChange([{ op: 'patch', calendarId, eventId, body: before }], [calendarId]),
            }),
          },
          undefined,
        );
        return done !== undefined;
      },

      async remove(target: EventTarget, onProceed?: () => void): Promise<boolean> {
        const scope = await scopeFor(target, 'delete');
        if (!scope) return false;
        onProceed?.();
        return apply(target, scope, { kind: 'delete' }, wordsFor.delete(target.event));
      },

      moveToCalendar,
    };
  }, [deps]);
}
