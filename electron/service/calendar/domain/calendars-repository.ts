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

/** Most ids remembered as having no calendar (beyond it the set starts afresh). */
const MAX_ABSENT_IDS = 10_000;

/**
 * Ids known to name no calendar, per database: an event's attendees are looked up as calendars on
 * every write (to find the users here who get a copy), and most are addresses elsewhere. Kept in
 * step by `insert` (the only way a calendar comes to exist) and dropped whenever the store rolled
 * anything back (a deletion undone). Not kept for read-only connections: others write their data.
 */
interface AbsentIds {
  readonly ids: Set<string>;
  rollbacks: number;
}
const absentByStore = new WeakMap<Store, AbsentIds>();

/** Reads and writes calendars. One instance per database (statements are prepared once). */
export class CalendarsRepository {
  private readonly absent: AbsentIds | undefined;

  constructor(private readonly store: Store) {
    if (store.readOnly) return;
    let absent = absentByStore.get(store);
    if (!absent) absentByStore.set(store, (absent = { ids: new Set(), rollbacks: store.rollbacks }));
    this.absent = absent;
  }

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
    const absent = this.absent;
    if (!absent) return this.byId.get(id);
    if (absent.rollbacks !== this.store.rollbacks) {
      absent.ids.clear();
      absent.rollbacks = this.store.rollbacks;
    } else if (absent.ids.has(id)) {
      return undefined;
    }
    const row = this.byId.get(id);
    if (!row) {
      if (absent.ids.size >= MAX_ABSENT_IDS) absent.ids.clear();
      absent.ids.add(id);
    }
    return row;
  }

  insert(row: NewCalendar, nowMs: number): void {
    this.absent?.ids.delete(row.id);
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
  widenEventSpan(calendar: Pick<CalendarRow, 'id' | 'max_event_span_ms'>, spanMs: number): void {
    const span = Math.max(0, spanMs);
    // `calendar` was read in this write's turn and the stored span only grows, so a span within the
    // one read is within the stored one too: most writes need no statement at all.
    if (span <= calendar.max_event_span_ms) return;
    this.widenEventSpanStmt.run(span, calendar.id, span);
  }
}
