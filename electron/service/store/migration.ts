import type { Database } from 'better-sqlite3';

/**
 * A numbered schema change. Each area (core, calendar, tasks, drive) keeps its own sequence,
 * numbered from 1 without gaps; a migration never changes once released, a later one amends it.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database): void;
}

export interface MigrationSet {
  /** Area name, the key of its sequence in `schema_migrations`. */
  readonly area: string;
  readonly migrations: readonly Migration[];
}
