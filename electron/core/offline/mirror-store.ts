import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A Google resource as JSON (an event, a task, a file's metadata, a calendar list entry). */
export type Resource = Record<string, unknown>;

/** One mirrored item: what the views show now (`data`, with queued changes applied) and the server's last copy. */
export interface MirrorItem {
  readonly collection: string;
  /** Partition: calendar id (events), task list id (tasks), file id (permissions); '' for unkeyed collections. */
  readonly key: string;
  readonly id: string;
  /** What reads answer: the server's copy with this device's queued changes applied; null when deleted here. */
  readonly data: Resource | null;
  /** The server's copy as last synced (the base of a three-way merge); null when the server has none yet. */
  readonly synced: Resource | null;
}

export interface OutboxEntry {
  readonly seq: number;
  readonly operation: string;
  readonly params: Record<string, unknown>;
  readonly body: unknown;
  readonly collection: string;
  readonly key: string;
  readonly id: string;
  /** The mirror's synced copy when the change was made (three-way merge base); null for creations. */
  readonly base: Resource | null;
  readonly summary: string;
  readonly createdAt: string;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly state: 'queued' | 'sending' | 'failed';
  readonly nextAt: string | null;
}

export interface ConflictField {
  readonly field: string;
  readonly base?: unknown;
  readonly mine?: unknown;
  readonly theirs?: unknown;
}

export interface ConflictRow {
  readonly id: number;
  readonly operation: string;
  readonly params: Record<string, unknown>;
  readonly collection: string;
  readonly key: string;
  readonly rid: string;
  readonly kind: 'fields' | 'deleted';
  readonly fields: ConflictField[];
  /** My whole queued body (what `keepMine` sends). */
  readonly mine: Resource;
  readonly summary: string;
  readonly createdAt: string;
}

interface ItemRow {
  collection: string;
  key: string;
  id: string;
  data: string | null;
  synced: string | null;
}

interface OutboxRow {
  seq: number;
  operation: string;
  params: string;
  body: string | null;
  collection: string;
  key: string;
  rid: string;
  base: string | null;
  summary: string;
  created_at: string;
  attempts: number;
  last_error: string | null;
  state: 'queued' | 'sending' | 'failed';
  next_at: string | null;
}

interface ConflictDbRow {
  id: number;
  operation: string;
  params: string;
  collection: string;
  key: string;
  rid: string;
  kind: 'fields' | 'deleted';
  fields: string;
  mine: string;
  summary: string;
  created_at: string;
}

const parse = (text: string | null): Resource | null => (text === null ? null : (JSON.parse(text) as Resource));
const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

const schema = `
CREATE TABLE IF NOT EXISTS items (
  collection TEXT NOT NULL,
  key TEXT NOT NULL,
  id TEXT NOT NULL,
  data TEXT,
  synced TEXT,
  -- A single event's time span (ms, widened by 14 h for all-day dates in any zone); NULL for
  -- everything else, series, their exceptions and events longer than a week included (always read).
  lo INTEGER,
  hi INTEGER,
  PRIMARY KEY (collection, key, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS items_span ON items (collection, key, lo);
-- The server's order of a collection whose items it lists in an order of its own (task lists), as
-- ids; items the order does not name (made here, not yet synced) come after, by id.
CREATE TABLE IF NOT EXISTS item_order (
  collection TEXT NOT NULL,
  key TEXT NOT NULL,
  ids TEXT NOT NULL,
  PRIMARY KEY (collection, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS synced_at (
  collection TEXT NOT NULL,
  key TEXT NOT NULL,
  at TEXT NOT NULL,
  cursor TEXT,
  PRIMARY KEY (collection, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  operation TEXT NOT NULL,
  params TEXT NOT NULL,
  body TEXT,
  collection TEXT NOT NULL,
  key TEXT NOT NULL,
  rid TEXT NOT NULL,
  base TEXT,
  summary TEXT NOT NULL,
  created_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  state TEXT NOT NULL DEFAULT 'queued',
  next_at TEXT
);
CREATE INDEX IF NOT EXISTS outbox_resource ON outbox (collection, key, rid);
CREATE TABLE IF NOT EXISTS conflicts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  operation TEXT NOT NULL,
  params TEXT NOT NULL,
  collection TEXT NOT NULL,
  key TEXT NOT NULL,
  rid TEXT NOT NULL,
  kind TEXT NOT NULL,
  fields TEXT NOT NULL,
  mine TEXT NOT NULL,
  summary TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS facts (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

/** The file an account's mirror lives in. */
export function mirrorFile(userDataDir: string, account: string): string {
  return join(userDataDir, 'offline', `${account.replace(/[^A-Za-z0-9_.-]/g, '_')}.sqlite`);
}

/**
 * One Google account's mirror: SQLite (WAL, synchronous=FULL) holding the resources the views
 * read, the server's last copy of each (merge base), when each collection was last synced (with
 * its cursor), the outbox of writes not yet sent, and conflicts waiting for a decision. Every
 * change to an item and the outbox entry that explains it commit in one transaction.
 */
export class MirrorStore {
  readonly db: Db;
  /** Items written or removed so far (a sync pass that changed nothing need not write at all). */
  changes = 0;
  private readonly statements;

  constructor(readonly file: string) {
    mkdirSync(join(file, '..'), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    // Views read a calendar's events again and again: keep its pages in memory.
    this.db.pragma('cache_size = -16384');
    this.db.exec(schema);
    this.statements = {
      item: this.db.prepare<[string, string, string], ItemRow>(
        'SELECT * FROM items WHERE collection = ? AND key = ? AND id = ?',
      ),
      itemAnyKey: this.db.prepare<[string, string], ItemRow>('SELECT * FROM items WHERE collection = ? AND id = ?'),
      order: this.db.prepare<[string, string], { ids: string }>(
        'SELECT ids FROM item_order WHERE collection = ? AND key = ?',
      ),
      putOrder: this.db.prepare<[string, string, string]>(
        'INSERT INTO item_order (collection, key, ids) VALUES (?, ?, ?) ' +
          'ON CONFLICT (collection, key) DO UPDATE SET ids = excluded.ids',
      ),
      items: this.db.prepare<[string, string], { data: string }>(
        'SELECT data FROM items WHERE collection = ? AND key = ? AND data IS NOT NULL',
      ),
      itemsAllKeys: this.db.prepare<[string], { data: string }>(
        'SELECT data FROM items WHERE collection = ? AND data IS NOT NULL',
      ),
      putItem: this.db.prepare<[string, string, string, string | null, string | null, number | null, number | null]>(
        'INSERT INTO items (collection, key, id, data, synced, lo, hi) VALUES (?, ?, ?, ?, ?, ?, ?) ' +
          'ON CONFLICT (collection, key, id) DO UPDATE SET data = excluded.data, synced = excluded.synced, ' +
          'lo = excluded.lo, hi = excluded.hi',
      ),
      // Two index ranges: what starts in [from - the longest indexed span, to], and what has no span.
      itemsInSpan: this.db.prepare<[string, string, number, number, number], { data: string }>(
        'SELECT data FROM items INDEXED BY items_span WHERE collection = ? AND key = ? AND lo BETWEEN ? AND ? AND hi >= ? AND data IS NOT NULL',
      ),
      itemsWithoutSpan: this.db.prepare<[string, string], { data: string }>(
        // Without INDEXED BY the planner walks the whole partition by primary key (all its JSON).
        'SELECT data FROM items INDEXED BY items_span WHERE collection = ? AND key = ? AND lo IS NULL AND data IS NOT NULL',
      ),
      deleteItem: this.db.prepare<[string, string, string]>(
        'DELETE FROM items WHERE collection = ? AND key = ? AND id = ?',
      ),
      ids: this.db.prepare<[string, string], { id: string }>('SELECT id FROM items WHERE collection = ? AND key = ?'),
      outboxIn: this.db.prepare<[string, string], { n: number }>(
        'SELECT COUNT(*) AS n FROM (SELECT 1 FROM outbox WHERE collection = ? AND key = ? LIMIT 1)',
      ),
      clearPartition: this.db.prepare<[string, string]>('DELETE FROM items WHERE collection = ? AND key = ?'),
      syncedAt: this.db.prepare<[string, string], { at: string; cursor: string | null }>(
        'SELECT at, cursor FROM synced_at WHERE collection = ? AND key = ?',
      ),
      allSyncedAt: this.db.prepare<[], { collection: string; key: string; at: string }>(
        'SELECT collection, key, at FROM synced_at ORDER BY collection, key',
      ),
      setSyncedAt: this.db.prepare<[string, string, string, string | null]>(
        'INSERT INTO synced_at (collection, key, at, cursor) VALUES (?, ?, ?, ?) ' +
          'ON CONFLICT (collection, key) DO UPDATE SET at = excluded.at, cursor = excluded.cursor',
      ),
      forgetSyncedAt: this.db.prepare<[string, string]>('DELETE FROM synced_at WHERE collection = ? AND key = ?'),
      enqueue: this.db.prepare(
        'INSERT INTO outbox (operation, params, body, collection, key, rid, base, summary, created_at) ' +
          'VALUES (@operation, @params, @body, @collection, @key, @rid, @base, @summary, @created_at)',
      ),
      outbox: this.db.prepare<[], OutboxRow>('SELECT * FROM outbox ORDER BY seq'),
      outboxEntry: this.db.prepare<[number], OutboxRow>('SELECT * FROM outbox WHERE seq = ?'),
      outboxCount: this.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM outbox'),
      outboxFor: this.db.prepare<[string, string, string], OutboxRow>(
        'SELECT * FROM outbox WHERE collection = ? AND key = ? AND rid = ? ORDER BY seq',
      ),
      removeOutbox: this.db.prepare<[number]>('DELETE FROM outbox WHERE seq = ?'),
      markOutbox: this.db.prepare<[string, number, string | null, string | null, number]>(
        'UPDATE outbox SET state = ?, attempts = ?, last_error = ?, next_at = ? WHERE seq = ?',
      ),
      retargetOutbox: this.db.prepare<[string, string, number]>('UPDATE outbox SET params = ?, rid = ? WHERE seq = ?'),
      rebaseOutbox: this.db.prepare<[string | null, string | null, number]>(
        'UPDATE outbox SET base = ?, body = ? WHERE seq = ?',
      ),
      addConflict: this.db.prepare(
        'INSERT INTO conflicts (operation, params, collection, key, rid, kind, fields, mine, summary, created_at) ' +
          'VALUES (@operation, @params, @collection, @key, @rid, @kind, @fields, @mine, @summary, @created_at)',
      ),
      conflicts: this.db.prepare<[], ConflictDbRow>('SELECT * FROM conflicts ORDER BY id'),
      conflict: this.db.prepare<[number], ConflictDbRow>('SELECT * FROM conflicts WHERE id = ?'),
      conflictCount: this.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM conflicts'),
      removeConflict: this.db.prepare<[number]>('DELETE FROM conflicts WHERE id = ?'),
      fact: this.db.prepare<[string], { value: string }>('SELECT value FROM facts WHERE name = ?'),
      setFact: this.db.prepare<[string, string]>(
        'INSERT INTO facts (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
      ),
      dropFact: this.db.prepare<[string]>('DELETE FROM facts WHERE name = ?'),
    };
  }

  transaction<T>(run: () => T): T {
    return this.db.transaction(run)();
  }

  // Items

  item(collection: string, key: string, id: string): MirrorItem | undefined {
    const row = this.statements.item.get(collection, key, id);
    return row ? toItem(row) : undefined;
  }

  /** An item whose partition is not known (an event id without its calendar). */
  findItem(collection: string, id: string): MirrorItem | undefined {
    const row = this.statements.itemAnyKey.get(collection, id);
    return row ? toItem(row) : undefined;
  }

  /** Live items of a partition ('' for unkeyed collections), or of every partition when `key` is undefined. */
  list(collection: string, key: string | undefined): Resource[] {
    const rows =
      key === undefined ? this.statements.itemsAllKeys.all(collection) : this.statements.items.all(collection, key);
    const items = rows.map((row) => JSON.parse(row.data) as Resource);
    const order = key === undefined ? undefined : this.statements.order.get(collection, key);
    if (!order) return items;
    const rank = new Map((JSON.parse(order.ids) as string[]).map((id, index) => [id, index]));
    const at = (item: Resource) => rank.get(String(item.id)) ?? rank.size;
    // A stable sort: items the order does not name keep their order by id, after the others.
    return items.sort((a, b) => at(a) - at(b));
  }

  /** Records the order the server lists a collection's items in (see item_order). */
  setOrder(collection: string, key: string, ids: readonly string[]): void {
    const text = JSON.stringify(ids);
    if (this.statements.order.get(collection, key)?.ids === text) return;
    this.statements.putOrder.run(collection, key, text);
    this.changes++;
  }

  put(collection: string, key: string, id: string, data: Resource | null, synced: Resource | null): void {
    if (data === null && synced === null) return this.remove(collection, key, id);
    const dataText = json(data);
    const syncedText = json(synced);
    const row = this.statements.item.get(collection, key, id);
    if (row && row.data === dataText && row.synced === syncedText) return;
    const [lo, hi] = collection === 'events' && data ? spanOf(data) : [null, null];
    this.statements.putItem.run(collection, key, id, dataText, syncedText, lo, hi);
    this.changes++;
  }

  /** Live events of a calendar that may overlap [from, to] (ms): single events by their span, series always. */
  eventsAround(key: string, from: number, to: number): Resource[] {
    const low = Math.max(from, Number.MIN_SAFE_INTEGER + maxIndexedSpan);
    const high = Math.min(to, Number.MAX_SAFE_INTEGER);
    return [
      ...this.statements.itemsInSpan.all('events', key, low - maxIndexedSpan, high, low),
      ...this.statements.itemsWithoutSpan.all('events', key),
    ].map((row) => JSON.parse(row.data) as Resource);
  }

  /** Ids of every item of a partition, deleted-here ones included. */
  ids(collection: string, key: string): string[] {
    return this.statements.ids.all(collection, key).map((row) => row.id);
  }

  hasOutboxIn(collection: string, key: string): boolean {
    return (this.statements.outboxIn.get(collection, key)?.n ?? 0) > 0;
  }

  remove(collection: string, key: string, id: string): void {
    if (this.statements.deleteItem.run(collection, key, id).changes > 0) this.changes++;
  }

  /** Forgets a whole partition's server copies (a full re-read replaces them); queued changes are kept. */
  clearPartition(collection: string, key: string): void {
    this.statements.clearPartition.run(collection, key);
  }

  // Sync state

  syncState(collection: string, key: string): { at: string; cursor: string | null } | undefined {
    return this.statements.syncedAt.get(collection, key);
  }

  allSyncStates(): { collection: string; key: string; at: string }[] {
    return this.statements.allSyncedAt.all();
  }

  setSynced(collection: string, key: string, at: string, cursor: string | null): void {
    this.statements.setSyncedAt.run(collection, key, at, cursor);
  }

  forgetSynced(collection: string, key: string): void {
    this.statements.forgetSyncedAt.run(collection, key);
  }

  // Outbox

  enqueue(entry: {
    operation: string;
    params: Record<string, unknown>;
    body: unknown;
    collection: string;
    key: string;
    id: string;
    base: Resource | null;
    summary: string;
    createdAt: string;
  }): number {
    const result = this.statements.enqueue.run({
      operation: entry.operation,
      params: JSON.stringify(entry.params),
      body: json(entry.body),
      collection: entry.collection,
      key: entry.key,
      rid: entry.id,
      base: json(entry.base),
      summary: entry.summary,
      created_at: entry.createdAt,
    });
    return Number(result.lastInsertRowid);
  }

  outbox(): OutboxEntry[] {
    return this.statements.outbox.all().map(toOutbox);
  }

  outboxEntry(seq: number): OutboxEntry | undefined {
    const row = this.statements.outboxEntry.get(seq);
    return row ? toOutbox(row) : undefined;
  }

  outboxFor(collection: string, key: string, id: string): OutboxEntry[] {
    return this.statements.outboxFor.all(collection, key, id).map(toOutbox);
  }

  outboxCount(): number {
    return this.statements.outboxCount.get()?.n ?? 0;
  }

  removeOutbox(seq: number): void {
    this.statements.removeOutbox.run(seq);
  }

  markOutbox(
    seq: number,
    state: OutboxEntry['state'],
    attempts: number,
    lastError: string | null,
    nextAt: string | null,
  ): void {
    this.statements.markOutbox.run(state, attempts, lastError, nextAt, seq);
  }

  /** Points a queued change at the id the server gave what it refers to (a task created offline). */
  retargetOutbox(seq: number, params: Record<string, unknown>, id: string): void {
    this.statements.retargetOutbox.run(JSON.stringify(params), id, seq);
  }

  rebaseOutbox(seq: number, base: Resource | null, body: unknown): void {
    this.statements.rebaseOutbox.run(json(base), json(body), seq);
  }

  // Conflicts

  addConflict(conflict: Omit<ConflictRow, 'id'>): number {
    const result = this.statements.addConflict.run({
      operation: conflict.operation,
      params: JSON.stringify(conflict.params),
      collection: conflict.collection,
      key: conflict.key,
      rid: conflict.rid,
      kind: conflict.kind,
      fields: JSON.stringify(conflict.fields),
      mine: JSON.stringify(conflict.mine),
      summary: conflict.summary,
      created_at: conflict.createdAt,
    });
    return Number(result.lastInsertRowid);
  }

  conflicts(): ConflictRow[] {
    return this.statements.conflicts.all().map(toConflict);
  }

  conflict(id: number): ConflictRow | undefined {
    const row = this.statements.conflict.get(id);
    return row ? toConflict(row) : undefined;
  }

  conflictCount(): number {
    return this.statements.conflictCount.get()?.n ?? 0;
  }

  removeConflict(id: number): void {
    this.statements.removeConflict.run(id);
  }

  // Facts (offline since, client id seeds)

  fact(name: string): string | undefined {
    return this.statements.fact.get(name)?.value;
  }

  setFact(name: string, value: string | undefined): void {
    if (value === undefined) this.statements.dropFact.run(name);
    else this.statements.setFact.run(name, value);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

const margin = 14 * 3_600_000;
/** Longer events are read with the series (always): an index range can then start a week early. */
const maxIndexedSpan = 7 * 86_400_000 + 2 * margin;

function timeMs(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const time = value as { date?: unknown; dateTime?: unknown };
  const text =
    typeof time.dateTime === 'string' ? time.dateTime : typeof time.date === 'string' ? time.date : undefined;
  const ms = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A single event's span for the range index; series and exceptions have none (always read). */
function spanOf(event: Resource): [number | null, number | null] {
  if (Array.isArray(event.recurrence) || typeof event.recurringEventId === 'string') return [null, null];
  const start = timeMs(event.start);
  const end = timeMs(event.end) ?? start;
  if (start === undefined || end === undefined || end - start > 7 * 86_400_000) return [null, null];
  return [start - margin, end + margin];
}

function toItem(row: ItemRow): MirrorItem {
  return { collection: row.collection, key: row.key, id: row.id, data: parse(row.data), synced: parse(row.synced) };
}

function toOutbox(row: OutboxRow): OutboxEntry {
  return {
    seq: row.seq,
    operation: row.operation,
    params: JSON.parse(row.params) as Record<string, unknown>,
    body: row.body === null ? undefined : (JSON.parse(row.body) as unknown),
    collection: row.collection,
    key: row.key,
    id: row.rid,
    base: parse(row.base),
    summary: row.summary,
    createdAt: row.created_at,
    attempts: row.attempts,
    lastError: row.last_error,
    state: row.state,
    nextAt: row.next_at,
  };
}

function toConflict(row: ConflictDbRow): ConflictRow {
  return {
    id: row.id,
    operation: row.operation,
    params: JSON.parse(row.params) as Record<string, unknown>,
    collection: row.collection,
    key: row.key,
    rid: row.rid,
    kind: row.kind,
    fields: JSON.parse(row.fields) as ConflictField[],
    mine: JSON.parse(row.mine) as Resource,
    summary: row.summary,
    createdAt: row.created_at,
  };
}
