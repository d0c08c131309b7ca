import { randomUUID } from 'node:crypto';
import { CalendarEvent } from '../../../shared/api/schemas/calendar';
import type { CalendarWriteStep } from '../../../shared/ipc/contract';
import type { CommandApi } from './command-api';
import { isGone } from './command-api';
import { restorableEventBody } from '../../../shared/calendar/restorable-event';

/** How one begun write is taken back. */
export type CalendarUndo =
  /** An event the command created: deleted again. */
  | { readonly op: 'remove'; readonly calendarId: string; readonly eventId: string }
  /** An event the command changed or deleted: written back as it was (an update restores a deleted event). */
  | { readonly op: 'restore'; readonly calendarId: string; readonly eventId: string; readonly body: object }
  | { readonly op: 'none' };

export interface SeriesEditEntry {
  readonly kind: 'calendar.seriesEdit';
  readonly account: string;
  readonly steps: readonly CalendarWriteStep[];
  /** The undo of every write begun, in order, journalled before the write is sent. */
  readonly undo: CalendarUndo[];
}

/** Write options every event write sends: attachments are edited in the app. */
const writeOptions = { supportsAttachments: true } as const;

/**
 * New events get their id from the client (Calendar accepts base32hex ids), so the journal knows
 * what to delete before the insert is even sent.
 */
function withClientId(step: CalendarWriteStep, generatedIds: Set<string>): CalendarWriteStep {
  if (step.op !== 'insert' || typeof step.body.id === 'string') return step;
  const id = randomUUID().replaceAll('-', '');
  generatedIds.add(id);
  return { ...step, body: { ...step.body, id } };
}

async function stored(api: CommandApi, calendarId: string, eventId: string): Promise<Record<string, unknown> | null> {
  try {
    return (await api.callByName('CalendarEventsGet', { calendarId, eventId })) as Record<string, unknown>;
  } catch (error) {
    if (isGone(error)) return null;
    throw error;
  }
}

async function undoFor(
  api: CommandApi,
  step: CalendarWriteStep,
  generatedIds: ReadonlySet<string>,
): Promise<CalendarUndo> {
  if (step.op === 'insert') {
    const eventId = String(step.body.id);
    // An id the caller chose may be taken already; the insert is refused then, and the event there is not ours to delete.
    if (!generatedIds.has(eventId) && (await stored(api, step.calendarId, eventId)) !== null) return { op: 'none' };
    return { op: 'remove', calendarId: step.calendarId, eventId };
  }
  const before = await stored(api, step.calendarId, step.eventId);
  // Nothing to put back: the write itself will be refused the same way.
  if (before === null) return { op: 'none' };
  if (step.op === 'delete' && before.status === 'cancelled') return { op: 'none' };
  return { op: 'restore', calendarId: step.calendarId, eventId: step.eventId, body: restorableEventBody(before) };
}

async function runStep(api: CommandApi, step: CalendarWriteStep): Promise<unknown> {
  switch (step.op) {
    case 'patch':
      return api.callByName(
        'CalendarEventsPatch',
        { calendarId: step.calendarId, eventId: step.eventId, ...writeOptions },
        step.body,
      );
    case 'update':
      return api.callByName(
        'CalendarEventsUpdate',
        { calendarId: step.calendarId, eventId: step.eventId, ...writeOptions },
        step.body,
      );
    case 'insert':
      return api.callByName('CalendarEventsInsert', { calendarId: step.calendarId, ...writeOptions }, step.body);
    case 'delete':
      await api.callByName('CalendarEventsDelete', { calendarId: step.calendarId, eventId: step.eventId });
      return undefined;
  }
}

/**
 * Takes back begun writes, last first. Undoing a write that never reached the service is harmless
 * (a delete of an unknown id, or a rewrite of the event as it is). Answers the undos that could not
 * be done now (the service was unreachable or refused); the rest are done or moot.
 */
export async function undoSeriesEdit(
  api: CommandApi,
  undo: readonly CalendarUndo[],
  log: (message: string) => void,
): Promise<CalendarUndo[]> {
  const failed: CalendarUndo[] = [];
  for (const action of [...undo].reverse()) {
    try {
      if (action.op === 'remove')
        await api.callByName('CalendarEventsDelete', { calendarId: action.calendarId, eventId: action.eventId });
      else if (action.op === 'restore')
        await api.callByName(
          'CalendarEventsUpdate',
          { calendarId: action.calendarId, eventId: action.eventId, ...writeOptions },
          action.body,
        );
    } catch (error) {
      if (isGone(error)) continue;
      log(
        `Could not undo a calendar write (${action.op} ${action.op === 'none' ? '' : action.eventId}): ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
      failed.push(action);
    }
  }
  return failed.reverse();
}

/** The writes that take a finished edit back, last write first (what an Undo sends through the same command). */
export function inverseSteps(undo: readonly CalendarUndo[]): CalendarWriteStep[] {
  const steps: CalendarWriteStep[] = [];
  for (const action of [...undo].reverse()) {
    if (action.op === 'remove') steps.push({ op: 'delete', calendarId: action.calendarId, eventId: action.eventId });
    else if (action.op === 'restore')
      steps.push({ op: 'update', calendarId: action.calendarId, eventId: action.eventId, body: { ...action.body } });
  }
  return steps;
}

export interface SeriesEditOutcome {
  /** The service's answers to the writes that answer an event. */
  readonly results: CalendarEvent[];
  /** The writes that take the edit back again. */
  readonly undo: CalendarWriteStep[];
}

export interface SeriesEditJournal {
  begin(entry: SeriesEditEntry): Promise<string>;
  record(id: string, entry: SeriesEditEntry): Promise<void>;
  finish(id: string): Promise<void>;
}

/**
 * Runs the writes of one calendar change in order. Before each write, how to take it back is
 * journalled; if a write fails, the begun ones are taken back and the failure is thrown. Undos the
 * service refuses now stay in the journal, for the next start to finish.
 */
export async function applySeriesEdit(
  api: CommandApi,
  journal: SeriesEditJournal,
  account: string,
  steps: readonly CalendarWriteStep[],
  log: (message: string) => void,
): Promise<SeriesEditOutcome> {
  const generatedIds = new Set<string>();
  const planned = steps.map((step) => withClientId(step, generatedIds));
  const entry: SeriesEditEntry = { kind: 'calendar.seriesEdit', account, steps: planned, undo: [] };
  const id = await journal.begin(entry);
  const results: CalendarEvent[] = [];
  try {
    for (const step of planned) {
      entry.undo.push(await undoFor(api, step, generatedIds));
      await journal.record(id, entry);
      const result = await runStep(api, step);
      // The service's answer, checked against the shared schema before it crosses to the window.
      if (result !== undefined) results.push(CalendarEvent.parse(result));
    }
  } catch (error) {
    const left = await undoSeriesEdit(api, entry.undo, log);
    if (left.length === 0) await journal.finish(id);
    else await journal.record(id, { ...entry, undo: left });
    throw error;
  }
  await journal.finish(id);
  return { results, undo: inverseSteps(entry.undo) };
}
