import Database from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';
import type { MigrationSet } from './migration';

/**
 * The service's SQLite database. WAL with `synchronous=FULL`, so a write that has been
 * acknowledged survives a crash or a power loss.
 */
/**
 * Prepared statements kept. The service's fixed SQL is about 150 texts; SQL built from a request
 * (an `IN` list of its length, a Drive query's shape) adds one text per distinct shape, so the
 * cache drops the least recently used beyond this. A dropped statement is finalized once nothing
 * holds it.
 */
const MAX_CACHED_STATEMENTS = 500;

export interface StoreOptions {
  /**
   * Group commit: the transactions of writes that arrive together (within one turn of the event
   * loop) run as savepoints of one database transaction, committed once right after; each write
   * is acknowledged only after that commit (see `pendingCommit`). One fsync then serves them all,
   * still with `synchronous=FULL`.
   */
  readonly groupCommit?: boolean;
  /**
   * Told when a group commit failed (I/O error, disk full): its writes are rolled back and were
   * never acknowledged, but caches may hold what they wrote, so the service should start afresh.
   */
  readonly onCommitFailure?: (error: unknown) => void;
  /**
   * Opens the database read-only and applies no migrations: a second connection for reads made
   * off the service thread (see `readTransaction`). The service's own connection writes the schema.
   */
  readonly readOnly?: boolean;
}

/** Pages of write-ahead log after which a commit checkpoints (SQLite's default is 1000). */
const WAL_CHECKPOINT_PAGES = 4000;

/** Longest a group commit waits for the next expected write to join it, in ms. */
const MAX_COMMIT_DELAY_MS = 4;
/** Most writers a group waits for (beyond it, a group commits as soon as no more writes are waiting). */
const MAX_EXPECTED_WRITERS = 64;
/** Longest a group stays open after its first write, in ms, whatever keeps joining it. */
const MAX_GROUP_MS = MAX_COMMIT_DELAY_MS;

interface Batch {
  readonly promise: Promise<void>;
  readonly startedAt: number;
  /** When the last write joined (ms, `performance.now()`). */
  lastJoinedAt: number;
  /** Top-level transactions that joined. */
  writes: number;
  /** The writers (see `Store.asWriter`) whose writes joined. */
  readonly writers: Set<object>;
  resolve(): void;
  reject(error: unknown): void;
  /** Set when the batch ended (committed, rolled back or failed). */
  done: boolean;
  /** Set once the batch has all the writes it waited for: it commits in this turn. */
  closing: boolean;
}

/**
 * A number that only grows, kept in a one-row table (`id = 1`), handed out to the writes that need
 * the next one (a change's sequence number). Inside a write transaction it is counted in memory and
 * written back once, just before the commit: when every write updated the row itself, every write of
 * a group commit changed the same page again, and each write's savepoint had to keep a copy of it. A
 * write rolled back gives its numbers back, as the row's own rollback did; the number read back
 * (`current`) includes the writes not yet committed, as a read of the row on this connection did.
 */
export class StoredCounter {
  /** The number last handed out in the open write transaction; undefined until it is first read there. */
  private value: number | undefined;
  /** Whether `value` is ahead of the row. */
  private dirty = false;
  /** What it held when each open savepoint began (innermost last): put back if that savepoint is rolled back. */
  private readonly marks: (number | undefined)[] = [];
  private readonly dirtyMarks: boolean[] = [];

  constructor(
    private readonly store: Store,
    private readonly table: string,
    private readonly column: string,
  ) {}

  /** The next number (the first is 1). */
  next(): number {
    if (!this.store.writeOpen) {
      // No transaction to write it back in: the row is updated at once, as a transaction of its own.
      const row = this.store
        .prepare<[], Record<string, number>>(
          `UPDATE ${this.table} SET ${this.column} = ${this.column} + 1 WHERE id = 1 RETURNING ${this.column}`,
        )
        .get();
      if (!row) throw new Error(`The counter ${this.table} is missing.`);
      return row[this.column]!;
    }
    this.value = (this.value ?? this.read()) + 1;
    this.dirty = true;
    return this.value;
  }

  /** The last number handed out (0 before the first). */
  current(): number {
    return this.store.writeOpen && this.value !== undefined ? this.value : this.read();
  }

  private read(): number {
    const row = this.store
      .prepare<[], Record<string, number>>(`SELECT ${this.column} FROM ${this.table} WHERE id = 1`)
      .get();
    if (!row) throw new Error(`The counter ${this.table} is missing.`);
    return row[this.column]!;
  }

  /** @internal A savepoint begins. */
  mark(): void {
    this.marks.push(this.value);
    this.dirtyMarks.push(this.dirty);
  }

  /** @internal The innermost savepoint was released: what it counted stays. */
  unmark(): void {
    this.marks.pop();
    this.dirtyMarks.pop();
  }

  /** @internal The innermost savepoint was rolled back: back to what was held when it began. */
  rollBack(): void {
    this.value = this.marks.pop();
    this.dirty = this.dirtyMarks.pop() ?? false;
  }

  /** @internal Writes the number back before the transaction commits. */
  flush(): void {
    if (!this.dirty || this.value === undefined) return;
    this.store.prepare(`UPDATE ${this.table} SET ${this.column} = ? WHERE id = 1`).run(this.value);
    this.dirty = false;
  }

  /** @internal The transaction ended (committed or rolled back): the row is read afresh next time. */
  forget(): void {
    this.value = undefined;
    this.dirty = false;
    this.marks.length = 0;
    this.dirtyMarks.length = 0;
  }
}

export class Store {
  readonly db: Db;
  private readonly statements = new Map<string, { readonly statement: Statement; used: number }>();
  private statementClock = 0;
  private readonly groupCommit: boolean;
  private readonly onCommitFailure: ((error: unknown) => void) | undefined;
  /** The group transaction open now, committed at the end of this turn of the event loop. */
  private batch: Batch | undefined;
  private depth = 0;
  /** How long the last commit took: how long a group may wait for one more of its expected writers. */
  private lastCommitMs = 0;
  /** The writers of the last group committed: with the current group's, the writers a group waits for. */
  private lastWriters: ReadonlySet<object> = new Set();
  /** Who is writing now (`asWriter`); writes made outside it count as one writer each. */
  private currentWriter: object | undefined;
  /** Group commits made and the writes they carried (benchmarks report writes per commit). */
  readonly commits = { count: 0, writes: 0 };
  /** Opened read-only: other connections write the database (caches of what it holds cannot be kept in step). */
  readonly readOnly: boolean;
  private rollbackCount = 0;
  private readonly counters = new Map<string, StoredCounter>();
  /** The same counters, walked at every savepoint. */
  private readonly counterList: StoredCounter[] = [];

  constructor(file: string, migrationSets: readonly MigrationSet[], options: StoreOptions = {}) {
    this.groupCommit = options.groupCommit === true;
    this.onCommitFailure = options.onCommitFailure;
    this.readOnly = options.readOnly === true;
    this.db = new Database(file, options.readOnly ? { readonly: true, fileMustExist: true } : {});
    try {
      if (!options.readOnly) {
        this.db.pragma('journal_mode = WAL');
        this.db.pragma('synchronous = FULL');
        this.db.pragma('foreign_keys = ON');
        // The commit that takes the log past this many pages copies them into the database file and
        // syncs it, on the service thread. Pages written again and again (index interiors, the
        // latest leaves) are copied once per checkpoint, so fewer, larger checkpoints copy less in
        // all; the log file stays at most about 16 MiB. Every commit still syncs the log (FULL).
        this.db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
      }
      this.db.pragma('busy_timeout = 5000');
      // The page cache grows with every page read or written until this bound (16 MiB), then
      // recycles; stated here rather than left to the driver's build default. No memory-mapped
      // I/O either: mapped pages of the database file would count in resident memory without bound.
      this.db.pragma('cache_size = -16384');
      this.db.pragma('mmap_size = 0');
      if (!options.readOnly) applyMigrations(this.db, migrationSets);
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  /**
   * A prepared statement for `sql`, compiled once and reused: request handlers call this on
   * every request, so compiling each time would dominate simple reads. The statement is shared:
   * don't switch its modes (`pluck`, `raw`, `expand`, `safeIntegers`) — write the SQL for the shape wanted.
   */
  prepare<BindParameters extends unknown[] = unknown[], Result = unknown>(
    sql: string,
  ): Statement<BindParameters, Result> {
    let cached = this.statements.get(sql);
    if (!cached) {
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.dropLeastRecentlyUsed();
      cached = { statement: this.db.prepare(sql), used: 0 };
      this.statements.set(sql, cached);
    }
    // A use stamps the entry (no reordering of the map on every call: this runs several times per request).
    cached.used = ++this.statementClock;
    return cached.statement as unknown as Statement<BindParameters, Result>;
  }

  private dropLeastRecentlyUsed(): void {
    let oldest: string | undefined;
    let oldestUse = Infinity;
    for (const [sql, { used }] of this.statements) {
      if (used < oldestUse) {
        oldest = sql;
        oldestUse = used;
      }
    }
    if (oldest !== undefined) this.statements.delete(oldest);
  }

  /** The counter kept in `table`'s one row, in `column` (see `StoredCounter`); one per table. */
  counter(table: string, column: string): StoredCounter {
    let counter = this.counters.get(table);
    if (!counter) {
      counter = new StoredCounter(this, table, column);
      this.counters.set(table, counter);
      this.counterList.push(counter);
    }
    return counter;
  }

  /** True while a write transaction is open on this connection (a group's, or one `transaction` runs). */
  get writeOpen(): boolean {
    return this.groupCommit ? this.batch !== undefined : this.depth > 0;
  }

  private markCounters(): void {
    for (const counter of this.counterList) counter.mark();
  }

  private unmarkCounters(): void {
    for (const counter of this.counterList) counter.unmark();
  }

  private rollBackCounters(): void {
    for (const counter of this.counterList) counter.rollBack();
  }

  private flushCounters(): void {
    for (const counter of this.counterList) counter.flush();
  }

  private forgetCounters(): void {
    for (const counter of this.counterList) counter.forget();
  }

  /** How many prepared statements are cached (for tests of the bound). */
  get cachedStatements(): number {
    return this.statements.size;
  }

  /**
   * Runs `fn` with its writes counted as `writer`'s (a client connection): a group commit waits for
   * the writers of the last groups, so writes of many clients share one commit instead of alternating
   * between two half-full ones. Only writes made before `fn` first awaits are attributed.
   */
  asWriter<T>(writer: object, fn: () => T): T {
    const outer = this.currentWriter;
    this.currentWriter = writer;
    try {
      return fn();
    } finally {
      this.currentWriter = outer;
    }
  }

  /**
   * Runs `fn` in one IMMEDIATE transaction; everything it writes commits together or not at all.
   * With group commit, `fn` runs in a savepoint of the group transaction: its writes are rolled
   * back alone when it throws, and are durable once `pendingCommit` (read after it) settles.
   */
  transaction<T>(fn: () => T): T {
    this.depth += 1;
    try {
      if (!this.groupCommit) {
        const outermost = this.depth === 1;
        if (!outermost) this.markCounters();
        try {
          const result = this.db
            .transaction(() => {
              const value = fn();
              if (outermost) this.flushCounters();
              return value;
            })
            .immediate();
          if (outermost) this.forgetCounters();
          else this.unmarkCounters();
          return result;
        } catch (error) {
          this.rollbackCount += 1;
          if (outermost) this.forgetCounters();
          else this.rollBackCounters();
          throw error;
        }
      }
      if (!this.batch) this.beginBatch();
      const batch = this.batch!;
      if (this.depth === 1) this.join(batch);
      this.prepare('SAVEPOINT write').run();
      this.markCounters();
      let result: T;
      try {
        result = fn();
      } catch (error) {
        this.rollbackCount += 1;
        if (this.db.inTransaction) {
          this.prepare('ROLLBACK TO write').run();
          this.prepare('RELEASE write').run();
          this.rollBackCounters();
        } else {
          // SQLite rolled back the whole group transaction (an I/O error, a full disk).
          this.failBatch(batch, error);
        }
        throw error;
      }
      this.prepare('RELEASE write').run();
      this.unmarkCounters();
      return result;
    } finally {
      this.depth -= 1;
    }
  }

  /**
   * Runs `fn` in one read transaction: everything it reads comes from the same committed state
   * (WAL keeps that snapshot for it while the service's connection goes on committing).
   */
  async readTransaction<T>(fn: () => T | Promise<T>): Promise<T> {
    // The caller runs one at a time: a second BEGIN inside this one would be refused.
    this.prepare('BEGIN DEFERRED').run();
    try {
      return await fn();
    } finally {
      this.prepare('COMMIT').run();
    }
  }

  /**
   * How many times written data was rolled back (a transaction that threw, a group commit that
   * failed). A cache of what the database holds that is kept in step with its own writes is stale
   * once this changes: a rolled-back write is undone without passing through those writes.
   */
  get rollbacks(): number {
    return this.rollbackCount;
  }

  /** True while a `transaction` callback runs (what it reads may yet be rolled back). */
  get inTransaction(): boolean {
    return this.depth > 0;
  }

  /**
   * Settles when what has been written so far is durable; undefined when nothing waits for a
   * commit. A request that wrote (or read what others wrote) in this turn awaits it before answering;
   * it rejects when the group commit failed, and then nothing of it was kept.
   */
  get pendingCommit(): Promise<void> | undefined {
    return this.batch?.promise;
  }

  private beginBatch(): void {
    this.prepare('BEGIN IMMEDIATE').run();
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // A batch nobody awaited (writes outside requests) still reports its failure through onCommitFailure.
    promise.catch(() => undefined);
    const batch: Batch = {
      promise,
      resolve,
      reject,
      done: false,
      closing: false,
      writes: 0,
      writers: new Set(),
      startedAt: performance.now(),
      lastJoinedAt: performance.now(),
    };
    this.batch = batch;
    // After the poll phase: every request whose data arrived in this turn has joined by then.
    setImmediate(() => this.commitWhenGathered(batch));
  }

  private join(batch: Batch): void {
    batch.writes += 1;
    batch.writers.add(this.currentWriter ?? {});
    batch.lastJoinedAt = performance.now();
    // The last expected writer joined: commit at the end of this turn rather than at the next timer.
    if (
      !batch.closing &&
      (batch.writes >= this.expectedWriters(batch) || batch.lastJoinedAt - batch.startedAt >= MAX_GROUP_MS)
    ) {
      batch.closing = true;
      setImmediate(() => this.commitBatch(batch));
    }
  }

  /**
   * The writes a group waits for: one from each writer of the last group and of this one (capped).
   * Clients that each wait for their answer before writing again come back as the last group is
   * answered, so a group can wait for them; a lone writer's group is complete with its one write.
   */
  private expectedWriters(batch: Batch): number {
    let expected = batch.writers.size;
    for (const writer of this.lastWriters) if (!batch.writers.has(writer)) expected += 1;
    return Math.min(expected, MAX_EXPECTED_WRITERS);
  }

  /**
   * Commits once every expected writer has joined, or when none has joined for as long as the last
   * commit took, and 4 ms after its first write in any case: waiting then costs at most
   * about one commit's time, and a lone writer never waits.
   */
  private commitWhenGathered(batch: Batch): void {
    if (batch.done || batch.closing || this.batch !== batch) return;
    const now = performance.now();
    if (
      batch.writes < this.expectedWriters(batch) &&
      now - batch.lastJoinedAt < Math.min(this.lastCommitMs, MAX_COMMIT_DELAY_MS) &&
      now - batch.startedAt < MAX_GROUP_MS
    ) {
      setTimeout(() => this.commitWhenGathered(batch), 0);
      return;
    }
    this.commitBatch(batch);
  }

  private commitBatch(batch: Batch): void {
    if (batch.done || this.batch !== batch) return;
    const started = performance.now();
    try {
      this.flushCounters();
      this.prepare('COMMIT').run();
      this.lastCommitMs = performance.now() - started;
      this.lastWriters = batch.writers;
      this.commits.count += 1;
      this.commits.writes += batch.writes;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.failBatch(batch, error);
      return;
    }
    this.forgetCounters();
    this.batch = undefined;
    batch.done = true;
    batch.resolve();
  }

  private failBatch(batch: Batch, error: unknown): void {
    this.rollbackCount += 1;
    this.forgetCounters();
    if (batch.done) return;
    batch.done = true;
    if (this.batch === batch) this.batch = undefined;
    batch.reject(error);
    this.onCommitFailure?.(error);
  }

  close(): void {
    // Writes already made are kept: their requests may still be waiting to be answered.
    if (this.batch && this.db.open) this.commitBatch(this.batch);
    this.statements.clear();
    if (this.db.open) this.db.close();
  }
}

/**
 * Brings every area's schema to its latest version. Each migration runs in its own transaction
 * together with the row recording it, so a failed migration leaves the database at the previous version.
 */
export function applyMigrations(db: Db, sets: readonly MigrationSet[]): void {
  const areas = new Set<string>();
  for (const set of sets) {
    if (areas.has(set.area)) throw new Error(`Migration area ${set.area} is listed twice.`);
    areas.add(set.area);
    set.migrations.forEach((m, i) => {
      if (m.version !== i + 1)
        throw new Error(`Migration ${set.area}#${m.version} out of sequence (expected ${i + 1}).`);
    });
  }
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    area TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL,
    PRIMARY KEY (area, version))`);
  const current = db.prepare<[string], { v: number | null }>(
    'SELECT MAX(version) AS v FROM schema_migrations WHERE area = ?',
  );
  const record = db.prepare('INSERT INTO schema_migrations (area, version, name, applied_at) VALUES (?, ?, ?, ?)');
  for (const set of sets) {
    const applied = current.get(set.area)?.v ?? 0;
    if (applied > set.migrations.length) {
      throw new Error(
        `Database schema for ${set.area} is at version ${applied}, newer than this program knows (${set.migrations.length}).`,
      );
    }
    for (const m of set.migrations) {
      if (m.version <= applied) continue;
      db.transaction(() => {
        m.up(db);
        record.run(set.area, m.version, m.name, new Date().toISOString());
      }).immediate();
    }
  }
}

/** The latest applied version of each area, for diagnostics and tests. */
export function appliedVersions(db: Db): Record<string, number> {
  const rows = db
    .prepare<[], { area: string; v: number }>('SELECT area, MAX(version) AS v FROM schema_migrations GROUP BY area')
    .all();
  return Object.fromEntries(rows.map((r) => [r.area, r.v]));
}
