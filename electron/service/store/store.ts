import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import type { MigrationSet } from './migration';

/**
 * The service's SQLite database. WAL with `synchronous=FULL`, so a write that has been
 * acknowledged survives a crash or a power loss.
 */
export class Store {
  readonly db: Db;

  constructor(file: string, migrationSets: readonly MigrationSet[]) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    applyMigrations(this.db, migrationSets);
  }

  /** Runs `fn` in one IMMEDIATE transaction; everything it writes commits together or not at all. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  close(): void {
    this.db.close();
  }
}

export function applyMigrations(db: Db, sets: readonly MigrationSet[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    area TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL,
    PRIMARY KEY (area, version))`);
  const current = db.prepare<[string], { v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations WHERE area = ?');
  const record = db.prepare('INSERT INTO schema_migrations (area, version, name, applied_at) VALUES (?, ?, ?, ?)');
  for (const set of sets) {
    set.migrations.forEach((m, i) => {
      if (m.version !== i + 1) throw new Error(`Migration ${set.area}#${m.version} out of sequence (expected ${i + 1}).`);
    });
    const applied = current.get(set.area)?.v ?? 0;
    for (const m of set.migrations) {
      if (m.version <= applied) continue;
      db.transaction(() => {
        m.up(db);
        record.run(set.area, m.version, m.name, new Date().toISOString());
      }).immediate();
    }
  }
}
