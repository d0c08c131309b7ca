import { conflict } from '../../http/api-error';
import type { ChangeRecorder } from './change-log';
import { collections } from './change-log';
import type { CalendarRow } from './calendars-repository';
import type { EventRow } from './events-repository';
import type { EventTiming } from './event-time';
import type { EventResource } from './event-types';
import { eventRowFields } from './event-view';
import type { CalendarRepositories } from './repositories';

/**
 * When the event last changed, for the row's `updated_ms`: the resource's own `updated`, so the
 * column (which the events list's `updated` and `updatedMin` read) never differs from what the
 * event says, even by the millisecond between two readings of the clock.
 */
function updatedMsOf(resource: EventResource, changes: ChangeRecorder): number {
  const ms = Date.parse(resource.updated);
  return Number.isFinite(ms) ? ms : changes.nowMs;
}

/**
 * Storing one event row and recording its change, nothing more: the writes that follow from it
 * (attendees' copies) are the callers' business. Runs inside the caller's transaction.
 */

export function storeNewEventRow(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  calendar: CalendarRow,
  resource: EventResource,
  timing: EventTiming,
): EventRow {
  const seq = changes.record(collections.events(calendar.id));
  const fields = eventRowFields(calendar.id, resource, timing, seq, updatedMsOf(resource, changes));
  let pk: number;
  try {
    pk = r.events.insert(fields);
  } catch (error) {
    // The only unique key besides pk is (calendar_id, event_id); the caller's transaction is rolled back.
    if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE')
      throw conflict('The requested identifier already exists.', 'duplicate');
    throw error;
  }
  r.calendars.widenEventSpan(calendar, timing.end.ms - timing.start.ms);
  return { ...fields, pk };
}

export function storeEventRowUpdate(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  calendar: CalendarRow,
  row: EventRow,
  resource: EventResource,
  timing: EventTiming,
): EventRow {
  const seq = changes.record(collections.events(calendar.id));
  const updated: EventRow = {
    ...eventRowFields(calendar.id, resource, timing, seq, updatedMsOf(resource, changes)),
    pk: row.pk,
  };
  r.events.update(updated, row);
  r.calendars.widenEventSpan(calendar, timing.end.ms - timing.start.ms);
  return updated;
}
