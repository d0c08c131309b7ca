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

/** Most ids remembered as having no calendar, and most rows kept (beyond it each starts afresh). */
const MAX_ABSENT_IDS = 10_000;
const MAX_KEPT_ROWS = 10_000;

/**
 * What this database holds of its calendars, read once: every request on a calendar or its events
 * starts by reading the calendar's row, and rows change only through this repository.
 *
 * - `rows`: calendars read, each kept until this repository writes it (frozen: shared by every
 *   request that reads it).
 * - `absent`: ids known to name no calendar. An event's attendees are looked up as calendars on
 *   every write (to find the users here who get a copy), and most are addresses elsewhere.
 *
 * Both are dropped whenever the store rolled anything back (a write undone without passing
 * through here). Not kept for read-only connections: others write their data.
 */
interface KnownCalendars {
  readonly rows: Map<string, CalendarRow>;
  readonly absent: Set<string>;
  rollbacks: number;
}
const knownByStore = new WeakMap<Store, KnownCalendars>();

/** Reads and writes calendars. One instance per database (statements are prepared once). */
export class CalendarsRepository {
  private readonly known: KnownCalendars | undefined;

  constructor(private readonly store: Store) {
    if (store.readOnly) return;
    let known = knownByStore.get(store);
    if (!known) knownByStore.set(store, (known = { rows: new Map(), absent: new Set(), rollbacks: store.rollbacks }));
    this.known = known;
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
    const known = this.known;
    if (!known) return this.byId.get(id);
    if (known.rollbacks !== this.store.rollbacks) {
      known.rows.clear();
      known.absent.clear();
      known.rollbacks = this.store.rollbacks;
    } else {
      const kept = known.rows.get(id);
      if (kept) return kept;
      if (known.absent.has(id)) return undefined;
    }
    const row = this.byId.get(id);
    if (row) {
      if (known.rows.size >= MAX_KEPT_ROWS) known.rows.clear();
      known.rows.set(id, Object.freeze(row));
    } else {
      if (known.absent.size >= MAX_ABSENT_IDS) known.absent.clear();
      known.absent.add(id);
    }
    return row;
  }

  insert(row: NewCalendar, nowMs: number): void {
    this.forget(row.id);
    this.insertStmt.run({ ...row, events_updated_ms: row.events_updated_ms ?? nowMs });
  }

  update(row: Pick<CalendarRow, 'id' | 'summary' | 'description' | 'location' | 'time_zone' | 'change_seq'>): void {
    this.forget(row.id);
    this.updateStmt.run(row);
  }

  delete(id: string): void {
    this.forget(id);
    this.deleteStmt.run(id);
  }

  /** Drops what is known of `id`: it is being written. */
  private forget(id: string): void {
    this.known?.rows.delete(id);
    this.known?.absent.delete(id);
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
    this.forget(calendar.id);
    this.widenEventSpanStmt.run(span, calendar.id, span);
  }
}
