import type { MigrationSet } from '../store/migration';

/** Watch channels of every area, with the state their delivery needs to survive a restart. */
export const channelMigrations: MigrationSet = {
  area: 'channels',
  migrations: [
    {
      version: 1,
      name: 'watch channels',
      up(db) {
        db.exec(`
          CREATE TABLE channels (
            id TEXT PRIMARY KEY,
            resource_id TEXT NOT NULL,
            resource_uri TEXT NOT NULL,
            resource_key TEXT NOT NULL,
            user_id TEXT NOT NULL,
            address TEXT NOT NULL,
            token TEXT,
            expiration INTEGER NOT NULL,
            next_message_number INTEGER NOT NULL,
            stopped INTEGER NOT NULL DEFAULT 0,
            created TEXT NOT NULL
          );
          CREATE INDEX channels_by_resource ON channels(resource_key, stopped);
        `);
      },
    },
    {
      version: 2,
      name: 'channels by user',
      up(db) {
        // Counting a user's live channels (the per-user cap) on every watch.
        db.exec('CREATE INDEX channels_by_user ON channels(user_id, stopped, expiration)');
      },
    },
  ],
};
