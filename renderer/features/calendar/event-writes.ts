import { restorableEventBody } from '../../../shared/calendar/restorable-event';
import { callApi, getActiveAccount, type BodyFor } from '../../lib/api';
import { ipc } from '../../platform/ipc';
import type { GoogleEvent } from './event-mapping';
import { usesCount } from './recurrence-rule';
import { isFirstOccurrence, originalStartOf, type SeriesScope, type WriteStep } from './series-plan';

/** The API side of an event change: running its planned writes, and reading what a series change needs. */

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
  return results;
}

/** A change's writes done, with the writes that take it back again (what its Undo sends). */
export interface DoneChange {
  results: GoogleEvent[];
  undo: WriteStep[];
}

async function storedEvent(calendarId: string, eventId: string): Promise<GoogleEvent | null> {
  try {
    return await callApi('CalendarEventsGet', { calendarId, eventId });
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 404 || status === 410) return null;
    throw error;
  }
}

/**
 * Runs the steps like `runSteps`, also answering their inverse. Several writes run in the core,
 * which records each one's inverse as it goes; a single write reads the event just before it, as
 * the core does, so the inverse writes back exactly what was stored (a deleted event comes back
 * under its own id).
 */
export async function runChange(steps: readonly WriteStep[]): Promise<DoneChange> {
  const [only] = steps;
  if (steps.length > 1) {
    const account = getActiveAccount();
    const done = await ipc.invoke('calendar.applySeriesEdit', { ...(account ? { account } : {}), steps: [...steps] });
    return { results: done.results, undo: done.undo };
  }
  if (!only) return { results: [], undo: [] };
  if (only.op === 'insert') {
    const created = await runStep(only);
    return {
      results: created ? [created] : [],
      undo: created?.id ? [{ op: 'delete', calendarId: only.calendarId, eventId: created.id }] : [],
    };
  }
  const before = await storedEvent(only.calendarId, only.eventId);
  const result = await runStep(only);
  const undo: WriteStep[] =
    before && !(only.op === 'delete' && before.status === 'cancelled')
      ? [{ op: 'update', calendarId: only.calendarId, eventId: only.eventId, body: restorableEventBody(before) }]
      : [];
  return { results: result ? [result] : [], undo };
}

/** Everything the series needs for a "following" or "all" change: the series, and what COUNT and later exceptions require. */
export async function loadSeries(calendarId: string, instance: GoogleEvent, scope: SeriesScope) {
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
