import type { Store } from '../../store/store';

/**
 * A row of `calendar_events`. The resource JSON is the event as stored; the other columns are
 * derived from it for filtering and ordering. `range_end_ms` is the end of the last occurrence
 * (equal to `end_ms` for a single event, null for an endless series).
 */
export interface EventRow {
  pk: number;
  calendar_id: string;
  event_id: string;
  ical_uid: string;
  status: string;
  is_series: number;
  recurring_event_id: string | null;
  original_start_ms: number | null;
  start_ms: number;
  end_ms: number;
  range_end_ms: number | null;
  updated_ms: number;
  change_seq: number;
  search_text: string;
  resource: string;
}

export type NewEventRow = Omit<EventRow, 'pk'>;

/** The iCalUID of an event the service creates is its id with this suffix (see the iCalUID index). */
export const generatedUidSuffix = '@google.com';

/** A row without its resource JSON and search text: what list scans read before deciding what to load. */
export type EventHead = Omit<EventRow, 'resource' | 'search_text'>;

/**
 * The least a listing needs of a row when no filter looks inside it: its version (pk, change_seq),
 * its key, and what decides whether a cancelled row is shown.
 */
export type EventKey = Pick<EventRow, 'pk' | 'event_id' | 'change_seq' | 'status' | 'recurring_event_id'>;

/** A row version: enough to find its resource and its cached renderings. */
export type EventVersion = Pick<EventRow, 'pk' | 'change_seq'> & { resource?: string };

const headColumns = `pk, calendar_id, event_id, ical_uid, status, is_series, recurring_event_id, original_start_ms, start_ms,
  end_ms, range_end_ms, updated_ms, change_seq`;

const columns = `calendar_id, event_id, ical_uid, status, is_series, recurring_event_id, original_start_ms, start_ms, end_ms,
  range_end_ms, updated_ms, change_seq, search_text, resource`;
// Built once: `Store.prepare` finds its statement by the SQL text, and an insert runs for every new event.
const insertSql = `INSERT INTO calendar_events (${columns}) VALUES (${columns.replace(/\w+/g, '?')})`;

/** Every column but the key, in the order an UPDATE lists those it assigns. */
const updatableColumns = columns.split(',').map((name) => name.trim()) as (keyof NewEventRow)[];
/** Columns that key indexes and that an update of an event's content leaves as they were. */
const indexKeyColumns = new Set<keyof NewEventRow>([
  'calendar_id',
  'event_id',
  'ical_uid',
  'is_series',
  'recurring_event_id',
  'start_ms',
]);

type InsertParameters = [
  string,
  string,
  string,
  string,
  number,
  string | null,
  number | null,
  number,
  number,
  number | null,
  number,
  number,
  string,
  string,
];

export interface ExceptionKey {
  recurring_event_id: string;
  original_start_ms: number;
}

export class EventsRepository {
  constructor(private readonly store: Store) {}

  private get getStmt() {
    return this.store.prepare<[string, string], EventRow>(
      'SELECT * FROM calendar_events WHERE calendar_id = ? AND event_id = ?',
    );
  }

  private get versionStmt() {
    return this.store.prepare<[string, string], EventVersion>(
      'SELECT pk, change_seq FROM calendar_events WHERE calendar_id = ? AND event_id = ?',
    );
  }

  private get insertStmt() {
    return this.store.prepare<InsertParameters>(insertSql);
  }

  private get byIdPage() {
    return this.store.prepare<[string, string, number], EventHead>(
      `SELECT ${headColumns} FROM calendar_events WHERE calendar_id = ? AND event_id > ? ORDER BY event_id LIMIT ?`,
    );
  }

  private get keysByIdPage() {
    return this.store.prepare<[string, string, number], EventKey>(
      `SELECT pk, event_id, change_seq, status, recurring_event_id FROM calendar_events
         WHERE calendar_id = ? AND event_id > ? ORDER BY event_id LIMIT ?`,
    );
  }

  private get byIdWindowPage() {
    return this.store.prepare<[string, string, number, number, number], EventHead>(
      `SELECT ${headColumns} FROM calendar_events WHERE calendar_id = ? AND event_id > ? AND start_ms < ?
           AND (range_end_ms IS NULL OR range_end_ms > ?) ORDER BY event_id LIMIT ?`,
    );
  }

  private get byUpdatedPage() {
    return this.store.prepare<[string, number, string, number, number, number], EventHead>(
      `SELECT ${headColumns} FROM calendar_events WHERE calendar_id = ? AND (updated_ms, event_id) > (?, ?) AND start_ms < ?
           AND (range_end_ms IS NULL OR range_end_ms > ?) ORDER BY updated_ms, event_id LIMIT ?`,
    );
  }

  private get singlesByStart() {
    return this.store.prepare<[string, number, number, string, number, number, number], EventHead>(
      `SELECT ${headColumns} FROM calendar_events WHERE calendar_id = ? AND is_series = 0 AND start_ms >= ?
           AND (start_ms, event_id) > (?, ?) AND start_ms < ? AND end_ms > ? ORDER BY start_ms, event_id LIMIT ?`,
    );
  }

  private get seriesInWindow() {
    return this.store.prepare<[string, number, number], EventRow>(
      // An RDATE may come before the series' start, so a series with one starts at the earliest.
      `SELECT * FROM calendar_events WHERE calendar_id = ? AND is_series = 1
           AND (start_ms < ? OR resource LIKE '%"RDATE%')
           AND (range_end_ms IS NULL OR range_end_ms > ?)`,
    );
  }

  private get exceptionKeysStmt() {
    return this.store.prepare<[string], ExceptionKey>(
      `SELECT recurring_event_id, original_start_ms FROM calendar_events
         WHERE calendar_id = ? AND recurring_event_id IS NOT NULL AND original_start_ms IS NOT NULL`,
    );
  }

  private get exceptionsOfStmt() {
    return this.store.prepare<[string, string], EventRow>(
      'SELECT * FROM calendar_events WHERE calendar_id = ? AND recurring_event_id = ? ORDER BY original_start_ms',
    );
  }

  private get changedStmt() {
    return this.store.prepare<[string, number, number], EventHead>(
      `SELECT ${headColumns} FROM calendar_events WHERE calendar_id = ? AND change_seq > ? ORDER BY change_seq LIMIT ?`,
    );
  }

  private get bodyStmt() {
    return this.store.prepare<[number], Pick<EventRow, 'resource' | 'search_text'>>(
      'SELECT resource, search_text FROM calendar_events WHERE pk = ?',
    );
  }

  private get bodiesStmt() {
    return this.store.prepare<[string], Pick<EventRow, 'pk' | 'resource'>>(
      'SELECT pk, resource FROM calendar_events WHERE pk IN (SELECT value FROM json_each(?))',
    );
  }

  /**
   * Rows with an iCalUID: those whose uid is not `<event id>@google.com`, from the partial index on
   * uids (its condition repeated, so the planner may use it), and the one row whose id that uid was
   * made from, by the unique key. Unordered: an ORDER BY here would make the planner walk the whole
   * calendar in id order instead.
   */
  private get byICalUidStmt() {
    return this.store.prepare<[{ calendar: string; uid: string; madeFrom: string | null }], EventRow>(
      `SELECT * FROM calendar_events
         WHERE calendar_id = @calendar AND ical_uid = @uid AND ical_uid != event_id || '@google.com'
       UNION ALL
       SELECT * FROM calendar_events WHERE calendar_id = @calendar AND event_id = @madeFrom AND ical_uid = @uid`,
    );
  }

  private get liveStmt() {
    return this.store.prepare<[string], EventRow>(
      "SELECT * FROM calendar_events WHERE calendar_id = ? AND status != 'cancelled'",
    );
  }

  private get deleteAllStmt() {
    return this.store.prepare<[string]>('DELETE FROM calendar_events WHERE calendar_id = ?');
  }

  private get allDayStmt() {
    return this.store.prepare<[string], EventRow>(
      `SELECT * FROM calendar_events WHERE calendar_id = ? AND json_extract(resource, '$.start.date') IS NOT NULL`,
    );
  }

  private get retimeStmt() {
    return this.store.prepare<[number, number, number | null, number | null, number]>(
      'UPDATE calendar_events SET start_ms = ?, end_ms = ?, range_end_ms = ?, original_start_ms = ? WHERE pk = ?',
    );
  }

  get(calendarId: string, eventId: string): EventRow | undefined {
    return this.getStmt.get(calendarId, eventId);
  }

  /** The row's version only (no resource): what a read answered from the rendering cache needs. */
  version(calendarId: string, eventId: string): EventVersion | undefined {
    return this.versionStmt.get(calendarId, eventId);
  }

  /**
   * When the calendar's events last changed (its events list's `updated`): the latest write to any of
   * them (each row's `updated_ms` is its write time, deletions included: a deleted event stays as a
   * cancelled row), or `sinceMs` (the calendar's creation) when later. One step down an index.
   */
  lastChangedMs(calendarId: string, sinceMs: number): number {
    const latest = this.store
      .prepare<[string], { ms: number | null }>(
        'SELECT MAX(updated_ms) AS ms FROM calendar_events WHERE calendar_id = ?',
      )
      .get(calendarId)?.ms;
    return Math.max(sinceMs, latest ?? 0);
  }

  /** Stores a new row and returns its pk; throws SQLite's `SQLITE_CONSTRAINT_UNIQUE` when the id is taken. */
  insert(row: NewEventRow): number {
    // Bound by position: binding 14 named parameters from an object costs more than the insert's own work.
    return Number(
      this.insertStmt.run(
        row.calendar_id,
        row.event_id,
        row.ical_uid,
        row.status,
        row.is_series,
        row.recurring_event_id,
        row.original_start_ms,
        row.start_ms,
        row.end_ms,
        row.range_end_ms,
        row.updated_ms,
        row.change_seq,
        row.search_text,
        row.resource,
      ).lastInsertRowid,
    );
  }

  /**
   * Rewrites the row. SQLite rewrites an index entry whenever a column of that index is assigned, even
   * to the value it had, so the columns that only key the id, uid, series and time indexes are
   * assigned only when they differ from `previous` (the row as read before): a patch of an event's
   * title leaves those entries, and their pages, alone. Everything else is always written. One
   * statement per set of key columns assigned (a handful), values bound by position.
   */
  update(row: EventRow, previous: EventRow): void {
    const assigned: string[] = [];
    const values: (string | number | null)[] = [];
    for (const column of updatableColumns) {
      if (indexKeyColumns.has(column) && row[column] === previous[column]) continue;
      assigned.push(`${column} = ?`);
      values.push(row[column]);
    }
    values.push(row.pk);
    this.store.prepare(`UPDATE calendar_events SET ${assigned.join(', ')} WHERE pk = ?`).run(...values);
  }

  /** Events in id order after `afterId`, optionally only those overlapping [minMs, maxMs). */
  pageById(calendarId: string, afterId: string, limit: number, window?: { min: number; max: number }): EventHead[] {
    if (!window) return this.byIdPage.all(calendarId, afterId, limit);
    return this.byIdWindowPage.all(calendarId, afterId, window.max, window.min, limit);
  }

  /** Keys of the events in id order after `afterId` (index only: see EventKey). */
  keysById(calendarId: string, afterId: string, limit: number): EventKey[] {
    return this.keysByIdPage.all(calendarId, afterId, limit);
  }

  pageByUpdated(
    calendarId: string,
    after: [number, string],
    limit: number,
    window: { min: number; max: number },
  ): EventHead[] {
    return this.byUpdatedPage.all(calendarId, after[0], after[1], window.max, window.min, limit);
  }

  /**
   * Non-recurring rows (single events and exceptions) in start order after `after`, overlapping
   * [min, max). `earliestStart` bounds the index scan: nothing starting before it can reach `min`.
   */
  singlesByStartPage(
    calendarId: string,
    after: [number, string],
    limit: number,
    window: { min: number; max: number },
    earliestStart: number,
  ): EventHead[] {
    // The explicit lower bound lets the index range start at the cursor, not at the window.
    return this.singlesByStart.all(
      calendarId,
      Math.max(earliestStart, after[0]),
      after[0],
      after[1],
      window.max,
      window.min,
      limit,
    );
  }

  seriesOverlapping(calendarId: string, window: { min: number; max: number }): EventRow[] {
    return this.seriesInWindow.all(calendarId, window.max, window.min);
  }

  exceptionKeys(calendarId: string): ExceptionKey[] {
    return this.exceptionKeysStmt.all(calendarId);
  }

  exceptionsOf(calendarId: string, seriesId: string): EventRow[] {
    return this.exceptionsOfStmt.all(calendarId, seriesId);
  }

  changedSince(calendarId: string, seq: number, limit: number): EventHead[] {
    return this.changedStmt.all(calendarId, seq, limit);
  }

  /** Resource JSON of several rows read as heads, in one query. */
  bodies(pks: readonly number[]): Pick<EventRow, 'pk' | 'resource'>[] {
    return this.bodiesStmt.all(JSON.stringify(pks));
  }

  /** The resource JSON and search text of a row read as a head. */
  body(pk: number): Pick<EventRow, 'resource' | 'search_text'> {
    const body = this.bodyStmt.get(pk);
    if (!body) throw new Error(`event row ${pk} vanished`);
    return body;
  }

  /** The rows with this iCalUID (an event and its exceptions, or copies made from them), in id order. */
  byICalUid(calendarId: string, iCalUid: string): EventRow[] {
    const madeFrom = iCalUid.endsWith(generatedUidSuffix) ? iCalUid.slice(0, -generatedUidSuffix.length) : null;
    const rows = this.byICalUidStmt.all({ calendar: calendarId, uid: iCalUid, madeFrom });
    // Ids are ASCII (base32hex, instance suffixes), so code-unit order is SQLite's binary order.
    return rows.sort((a, b) => (a.event_id < b.event_id ? -1 : a.event_id > b.event_id ? 1 : 0));
  }

  live(calendarId: string): EventRow[] {
    return this.liveStmt.all(calendarId);
  }

  /** All-day events: their instants follow the calendar's time zone. */
  allDay(calendarId: string): EventRow[] {
    return this.allDayStmt.all(calendarId);
  }

  /** Rewrites the derived instants of a row (after the calendar's time zone changed). */
  retime(pk: number, startMs: number, endMs: number, rangeEndMs: number | null, originalStartMs: number | null): void {
    this.retimeStmt.run(startMs, endMs, rangeEndMs, originalStartMs, pk);
  }

  deleteAll(calendarId: string): void {
    this.deleteAllStmt.run(calendarId);
  }
}
