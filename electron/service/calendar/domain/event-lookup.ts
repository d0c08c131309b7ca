import type { CalendarRow } from './calendars-repository';
import type { EventRow } from './events-repository';
import { parseInstanceId } from './event-time';
import type { EventResource } from './event-types';
import { parseResource } from './event-view';
import type { Occurrence } from './occurrences';
import { findOccurrence, occurrenceResource } from './occurrences';
import type { CalendarRepositories } from './repositories';

/** A stored event, or an occurrence of a recurring event that has no stored exception. */
export type FoundEvent =
  | { kind: 'stored'; row: EventRow; resource: EventResource }
  | {
      kind: 'occurrence';
      series: EventRow;
      seriesResource: EventResource;
      occurrence: Occurrence;
      resource: EventResource;
    };

/** The event `eventId` names on `calendar`: a stored row or a generated instance of a series. */
export function findEventIn(r: CalendarRepositories, calendar: CalendarRow, eventId: string): FoundEvent | undefined {
  const row = r.events.get(calendar.id, eventId);
  if (row) return { kind: 'stored', row, resource: parseResource(row) };
  return findOccurrenceIn(r, calendar, eventId);
}

/** The generated instance `eventId` names (`<series id>_<start>`), when no row is stored under that id. */
export function findOccurrenceIn(
  r: CalendarRepositories,
  calendar: CalendarRow,
  eventId: string,
): Extract<FoundEvent, { kind: 'occurrence' }> | undefined {
  const parsed = parseInstanceId(eventId);
  if (!parsed) return undefined;
  const series = r.events.get(calendar.id, parsed.seriesId);
  if (!series || !series.is_series) return undefined;
  const seriesResource = parseResource(series);
  const occurrence = findOccurrence(
    r.expansions,
    series,
    seriesResource,
    calendar.time_zone,
    eventId,
    parsed.floatingOrMs,
  );
  if (!occurrence) return undefined;
  const resource = occurrenceResource(seriesResource, occurrence, calendar.time_zone);
  if (series.status === 'cancelled') resource.status = 'cancelled';
  return { kind: 'occurrence', series, seriesResource, occurrence, resource };
}

export const foundSeq = (found: FoundEvent): number =>
  found.kind === 'stored' ? found.row.change_seq : found.series.change_seq;
