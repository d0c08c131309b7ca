import type { MigrationSet } from '../store/migration';

/**
 * Tasks schema. Top-level tasks store `parent_id = ''` rather than NULL so that sibling lookups
 * (`list_id, parent_id, position`) are plain equality matches on one index.
 * Dates: `updated`/`completed` are ISO strings with milliseconds (`...000Z`), so string order is time order;
 * `due` is the bare date `YYYY-MM-DD`.
 */
export const tasksMigrations: MigrationSet = {
  area: 'tasks',
  migrations: [
    {
      version: 1,
      name: 'task lists and tasks',
      up(db) {
        db.exec(`
          CREATE TABLE tasks_lists (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            title TEXT NOT NULL,
            is_default INTEGER NOT NULL DEFAULT 0,
            updated TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            seq INTEGER NOT NULL
          );
          CREATE INDEX tasks_lists_by_user ON tasks_lists (user_id, seq);

          CREATE TABLE tasks_items (
            id TEXT PRIMARY KEY,
            list_id TEXT NOT NULL REFERENCES tasks_lists (id) ON DELETE CASCADE,
            user_id TEXT NOT NULL,
            parent_id TEXT NOT NULL DEFAULT '',
            position TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            notes TEXT,
            status TEXT NOT NULL DEFAULT 'needsAction',
            due TEXT,
            completed TEXT,
            deleted INTEGER NOT NULL DEFAULT 0,
            hidden INTEGER NOT NULL DEFAULT 0,
            links TEXT NOT NULL DEFAULT '[]',
            updated TEXT NOT NULL,
            created TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1,
            queue_name TEXT,
            schedule_time TEXT,
            dispatch_deadline TEXT,
            platform_http_request TEXT
          );
          CREATE INDEX tasks_items_siblings ON tasks_items (list_id, parent_id, position);
          CREATE INDEX tasks_items_updated ON tasks_items (list_id, updated);
          CREATE UNIQUE INDEX tasks_items_queue_name ON tasks_items (user_id, queue_name) WHERE queue_name IS NOT NULL;
        `);
      },
    },
  ],
};
