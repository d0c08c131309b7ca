import type { MigrationSet } from '../store/migration';

/** Schema shared by every area: who the users are and which bearer tokens act as them. */
export const coreMigrations: MigrationSet = {
  area: 'core',
  migrations: [
    {
      version: 1,
      name: 'users and bearer tokens',
      up(db) {
        db.exec(`
          CREATE TABLE users (
            id TEXT PRIMARY KEY,
            email TEXT NOT NULL UNIQUE,
            display_name TEXT NOT NULL,
            created TEXT NOT NULL
          );
          -- Only a SHA-256 of each token is kept: a copied database file does not hand out access.
          CREATE TABLE tokens (
            token_hash TEXT PRIMARY KEY,
            user_id TEXT NOT NULL REFERENCES users(id),
            created TEXT NOT NULL
          );
          CREATE INDEX tokens_by_user ON tokens(user_id);
        `);
      },
    },
    {
      version: 2,
      name: 'domain administrators',
      up(db) {
        // Existing users administer nothing until told otherwise.
        db.exec('ALTER TABLE users ADD COLUMN domain_admin INTEGER NOT NULL DEFAULT 0');
      },
    },
  ],
};
