import type { Database, Statement } from 'better-sqlite3';

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
  private readonly byId: Statement<[string], CalendarRow>;
  private readonly insertStmt: Statement<[NewCalendar & { events_updated_ms: number }]>;
  private readonly updateStmt: Statement<
    [Pick<CalendarRow, 'id' | 'summary' | 'description' | 'location' | 'time_zone' | 'change_seq'>]
  >;
  private readonly deleteStmt: Statement<[string]>;
  private readonly touchEventsStmt: Statement<[number, number, string]>;

  constructor(db: Database) {
    this.byId = db.prepare<[string], CalendarRow>('SELECT * FROM calendar_calendars WHERE id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO calendar_calendars (id, owner_email, is_primary, summary, description, location, time_zone, change_seq, events_updated_ms)
       VALUES (@id, @owner_email, @is_primary, @summary, @description, @location, @time_zone, @change_seq, @events_updated_ms)`,
    );
    this.updateStmt = db.prepare(
      `UPDATE calendar_calendars SET summary = @summary, description = @description, location = @location,
       time_zone = @time_zone, change_seq = @change_seq WHERE id = @id`,
    );
    this.deleteStmt = db.prepare<[string]>('DELETE FROM calendar_calendars WHERE id = ?');
    this.touchEventsStmt = db.prepare<[number, number, string]>(
      'UPDATE calendar_calendars SET events_updated_ms = ?, max_event_span_ms = MAX(max_event_span_ms, ?) WHERE id = ?',
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
   * Notes that an event changed: `updated` of the events collection and the longest event span,
   * which bounds how far before a window an overlapping event can start.
   */
  touchEvents(id: string, nowMs: number, spanMs: number): void {
    this.touchEventsStmt.run(nowMs, Math.max(0, spanMs), id);
  }
}
