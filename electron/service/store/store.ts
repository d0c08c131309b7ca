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

export class Store {
  readonly db: Db;
  private readonly statements = new Map<string, Statement>();

  constructor(file: string, migrationSets: readonly MigrationSet[]) {
    this.db = new Database(file);
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = FULL');
      this.db.pragma('foreign_keys = ON');
      this.db.pragma('busy_timeout = 5000');
      // The page cache grows with every page read or written until this bound (16 MiB), then
      // recycles; stated here rather than left to the driver's build default.
      this.db.pragma('cache_size = -16384');
      applyMigrations(this.db, migrationSets);
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
    let statement = this.statements.get(sql);
    if (statement) {
      // Most recently used last, so the first is the one to drop.
      this.statements.delete(sql);
    } else {
      statement = this.db.prepare(sql);
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, statement);
    return statement as unknown as Statement<BindParameters, Result>;
  }

  /** How many prepared statements are cached (for tests of the bound). */
  get cachedStatements(): number {
    return this.statements.size;
  }

  /** Runs `fn` in one IMMEDIATE transaction; everything it writes commits together or not at all. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  close(): void {
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
