import type { Store } from '../../store/store';

/** A row of `calendar_calendars`. */
export interface CalendarRow {
  id: string;
  owner_email: string;
  is_primary: number;
  summary: string;
  description: string | null;
  location: string | null;
  time_zone: string;
  change_seq: number;
  events_updated_ms: number;
  max_event_span_ms: number;
}

export type NewCalendar = Omit<CalendarRow, 'events_updated_ms' | 'max_event_span_ms'> & { events_updated_ms?: number };

/** Reads and writes calendars. One instance per database (statements are prepared once). */
export class CalendarsRepository {
  constructor(private readonly store: Store) {}

  private get byId() {
    return this.store.prepare<[string], CalendarRow>('SELECT * FROM calendar_calendars WHERE id = ?');
  }

  private get insertStmt() {
    return this.store.prepare(
      `INSERT INTO calendar_calendars (id, owner_email, is_primary, summary, description, location, time_zone, change_seq, events_updated_ms)
         VALUES (@id, @owner_email, @is_primary, @summary, @description, @location, @time_zone, @change_seq, @events_updated_ms)`,
    );
  }

  private get updateStmt() {
    return this.store.prepare(
      `UPDATE calendar_calendars SET summary = @summary, description = @description, location = @location,
         time_zone = @time_zone, change_seq = @change_seq WHERE id = @id`,
    );
  }

  private get deleteStmt() {
    return this.store.prepare<[string]>('DELETE FROM calendar_calendars WHERE id = ?');
  }

  private get widenEventSpanStmt() {
    return this.store.prepare<[number, string, number]>(
      'UPDATE calendar_calendars SET max_event_span_ms = ? WHERE id = ? AND max_event_span_ms < ?',
    );
  }

  get(id: string): CalendarRow | undefined {
    return this.byId.get(id);
  }

  insert(row: NewCalendar, nowMs: number): void {
    this.insertStmt.run({ ...row, events_updated_ms: row.events_updated_ms ?? nowMs });
  }

  update(row: Pick<CalendarRow, 'id' | 'summary' | 'description' | 'location' | 'time_zone' | 'change_seq'>): void {
    this.updateStmt.run(row);
  }

  delete(id: string): void {
    this.deleteStmt.run(id);
  }

  /**
   * Notes an event's span: the longest bounds how far before a window an overlapping event can start.
   * The row is written only when the span is longer than any before, so an event write does not
   * rewrite its calendar's row (the events' `updated` is read from the events, `eventsUpdatedMs`).
   */
  widenEventSpan(id: string, spanMs: number): void {
    const span = Math.max(0, spanMs);
    this.widenEventSpanStmt.run(span, id, span);
  }
}
