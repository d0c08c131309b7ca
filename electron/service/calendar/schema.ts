import type { MigrationSet } from '../store/migration';

/**
 * Calendar tables. Every row that a sync token can return carries `change_seq`, the number its latest
 * change took from `calendar_change_counter`; incremental sync reads rows by that column through
 * an index, so its cost follows the number of changes, not the size of the collection.
 * Calendar list entries and settings are keyed by the user's email: a calendar shared with an
 * address before that user exists appears in their list once they do.
 */
export const calendarMigrations: MigrationSet = {
  area: 'calendar',
  migrations: [
    {
      version: 1,
      name: 'calendars, acl, calendar list, events, settings, change log',
      up(db) {
        db.exec(`
          CREATE TABLE calendar_change_log (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            collection TEXT NOT NULL,
            item_id TEXT NOT NULL,
            changed_at INTEGER NOT NULL
          );

          CREATE TABLE calendar_calendars (
            id TEXT PRIMARY KEY,
            owner_email TEXT NOT NULL,
            is_primary INTEGER NOT NULL,
            summary TEXT NOT NULL,
            description TEXT,
            location TEXT,
            time_zone TEXT NOT NULL,
            change_seq INTEGER NOT NULL,
            events_updated_ms INTEGER NOT NULL,
            max_event_span_ms INTEGER NOT NULL DEFAULT 0
          );

          CREATE TABLE calendar_acl (
            calendar_id TEXT NOT NULL,
            rule_id TEXT NOT NULL,
            scope_type TEXT NOT NULL,
            scope_value TEXT,
            role TEXT NOT NULL,
            change_seq INTEGER NOT NULL,
            PRIMARY KEY (calendar_id, rule_id)
          );
          CREATE INDEX calendar_acl_by_change ON calendar_acl (calendar_id, change_seq);

          CREATE TABLE calendar_list_entries (
            user_email TEXT NOT NULL,
            calendar_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            summary_override TEXT,
            color_id TEXT,
            background_color TEXT,
            foreground_color TEXT,
            hidden INTEGER NOT NULL DEFAULT 0,
            selected INTEGER NOT NULL DEFAULT 1,
            default_reminders TEXT NOT NULL DEFAULT '[]',
            notification_settings TEXT,
            deleted INTEGER NOT NULL DEFAULT 0,
            change_seq INTEGER NOT NULL,
            PRIMARY KEY (user_email, calendar_id)
          );
          CREATE INDEX calendar_list_by_position ON calendar_list_entries (user_email, position);
          CREATE INDEX calendar_list_by_change ON calendar_list_entries (user_email, change_seq);
          CREATE INDEX calendar_list_by_calendar ON calendar_list_entries (calendar_id);

          CREATE TABLE calendar_events (
            pk INTEGER PRIMARY KEY,
            calendar_id TEXT NOT NULL,
            event_id TEXT NOT NULL,
            ical_uid TEXT NOT NULL,
            status TEXT NOT NULL,
            is_series INTEGER NOT NULL,
            recurring_event_id TEXT,
            original_start_ms INTEGER,
            start_ms INTEGER NOT NULL,
            end_ms INTEGER NOT NULL,
            range_end_ms INTEGER,
            updated_ms INTEGER NOT NULL,
            change_seq INTEGER NOT NULL,
            search_text TEXT NOT NULL,
            resource TEXT NOT NULL,
            UNIQUE (calendar_id, event_id)
          );
          CREATE INDEX calendar_events_by_change ON calendar_events (calendar_id, change_seq);
          CREATE INDEX calendar_events_by_start ON calendar_events (calendar_id, is_series, start_ms, event_id);
          CREATE INDEX calendar_events_by_updated ON calendar_events (calendar_id, updated_ms, event_id);
          CREATE INDEX calendar_events_by_ical_uid ON calendar_events (calendar_id, ical_uid);
          CREATE INDEX calendar_events_by_series ON calendar_events (calendar_id, recurring_event_id)
            WHERE recurring_event_id IS NOT NULL;

          CREATE TABLE calendar_settings (
            user_email TEXT NOT NULL,
            setting_id TEXT NOT NULL,
            value TEXT NOT NULL,
            change_seq INTEGER NOT NULL,
            PRIMARY KEY (user_email, setting_id)
          );
          CREATE INDEX calendar_settings_by_change ON calendar_settings (user_email, change_seq);
        `);
      },
    },
    {
      version: 2,
      name: 'covering index for the default event listing, groups',
      up(db) {
        // The default listing (id order) reads only these columns of each row on its page; with
        // them in the index it never touches the table rows, which hold the large resource JSON.
        // Groups: addresses whose members share the access an ACL rule `group:<address>` grants.
        db.exec(`
          CREATE INDEX calendar_events_listing_by_id
            ON calendar_events (calendar_id, event_id, change_seq, status, recurring_event_id);

          CREATE TABLE calendar_group_members (
            group_email TEXT NOT NULL,
            member_email TEXT NOT NULL,
            PRIMARY KEY (group_email, member_email)
          );
          CREATE INDEX calendar_group_members_by_member ON calendar_group_members (member_email);
          CREATE INDEX calendar_acl_by_rule ON calendar_acl (rule_id);
        `);
      },
    },
    {
      version: 3,
      name: 'change log numbered by rowid',
      up(db) {
        // AUTOINCREMENT kept its counter in sqlite_sequence: one more page written by every commit.
        // The log is append-only (no row is ever deleted), so the next rowid (largest + 1) is as
        // monotonic, and a rolled-back number was reused under AUTOINCREMENT as well.
        db.exec(`
          CREATE TABLE calendar_change_log_next (
            seq INTEGER PRIMARY KEY,
            collection TEXT NOT NULL,
            item_id TEXT NOT NULL,
            changed_at INTEGER NOT NULL
          );
          INSERT INTO calendar_change_log_next (seq, collection, item_id, changed_at)
            SELECT seq, collection, item_id, changed_at FROM calendar_change_log;
          DROP TABLE calendar_change_log;
          ALTER TABLE calendar_change_log_next RENAME TO calendar_change_log;
        `);
      },
    },
    {
      version: 4,
      name: 'iCalUID index only of uids not made from the event id',
      up(db) {
        // An event the service creates gets the iCalUID `<id>@google.com`: such a row is found by its
        // id (the unique key), so only other uids (imported, given by the client, an exception's
        // series uid) need entries here, and a new event costs no write to this index.
        db.exec(`
          DROP INDEX calendar_events_by_ical_uid;
          CREATE INDEX calendar_events_by_ical_uid ON calendar_events (calendar_id, ical_uid)
            WHERE ical_uid != event_id || '@google.com';
        `);
      },
    },
    {
      version: 5,
      name: 'no covering index for the default event listing',
      up(db) {
        // Every write of an event (insert, and any change, which moves its change_seq) wrote this
        // index too: about a tenth of an insert's cost. The default listing now reads its keys from the
        // unique (calendar_id, event_id) index and the rows' few other columns from the table, whose
        // pages that listing reads for the events' resources anyway: a 250-event page costs the same.
        db.exec('DROP INDEX calendar_events_listing_by_id;');
      },
    },
    {
      version: 6,
      name: 'change counter instead of a change log',
      up(db) {
        // The log only numbered changes: nothing read its rows, only their largest number, and it
        // grew by a row with every change for good. One row now holds the last number given.
        db.exec(`
          CREATE TABLE calendar_change_counter (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            seq INTEGER NOT NULL
          );
          INSERT INTO calendar_change_counter (id, seq) SELECT 1, COALESCE(MAX(seq), 0) FROM calendar_change_log;
          DROP TABLE calendar_change_log;
        `);
      },
    },
  ],
};
