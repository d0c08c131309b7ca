import type { MigrationSet } from '../store/migration';

/**
 * Drive's tables. Content never lives here: revisions point at content-addressed blobs under
 * `<dataDir>/blobs/`. `drive_access` is the effective (direct + inherited) access of every grantee on
 * every file, kept in step with permissions and moves, so visibility in searches is an indexed probe.
 */
export const driveMigrations: MigrationSet = {
  area: 'drive',
  migrations: [
    {
      version: 1,
      name: 'drive files, permissions, revisions, comments, shared drives, changes',
      up(db) {
        db.exec(`
          CREATE TABLE drive_users (
            user_id TEXT PRIMARY KEY,
            email TEXT NOT NULL UNIQUE COLLATE NOCASE,
            domain TEXT NOT NULL COLLATE NOCASE,
            display_name TEXT NOT NULL,
            root_id TEXT NOT NULL,
            app_data_id TEXT
          );
          CREATE INDEX drive_users_domain ON drive_users(domain);

          CREATE TABLE drive_shared_drives (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            created_time TEXT NOT NULL,
            hidden INTEGER NOT NULL DEFAULT 0,
            theme_id TEXT,
            color_rgb TEXT NOT NULL,
            background_image_link TEXT,
            restrictions TEXT NOT NULL,
            creator_id TEXT NOT NULL,
            request_id TEXT NOT NULL,
            UNIQUE (creator_id, request_id)
          );

          CREATE TABLE drive_files (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            name_natural TEXT NOT NULL,
            mime_type TEXT NOT NULL,
            is_folder INTEGER NOT NULL,
            parent_id TEXT REFERENCES drive_files(id),
            owner_id TEXT,
            drive_id TEXT REFERENCES drive_shared_drives(id) ON DELETE CASCADE,
            space TEXT NOT NULL DEFAULT 'drive',
            root_kind TEXT,
            description TEXT,
            trashed INTEGER NOT NULL DEFAULT 0,
            explicitly_trashed INTEGER NOT NULL DEFAULT 0,
            trashed_time TEXT,
            trashing_user_id TEXT,
            created_time TEXT NOT NULL,
            modified_time TEXT NOT NULL,
            last_modifying_user_id TEXT,
            version INTEGER NOT NULL DEFAULT 1,
            head_revision_id TEXT,
            size INTEGER,
            md5 TEXT,
            sha256 TEXT,
            content_type TEXT,
            original_filename TEXT,
            full_file_extension TEXT,
            file_extension TEXT,
            folder_color_rgb TEXT,
            copy_requires_writer_permission INTEGER NOT NULL DEFAULT 0,
            writers_can_share INTEGER NOT NULL DEFAULT 1,
            quota_bytes INTEGER NOT NULL DEFAULT 0
          );
          CREATE INDEX drive_files_children ON drive_files(parent_id, trashed, is_folder DESC, name COLLATE NOCASE, id);
          CREATE INDEX drive_files_owner ON drive_files(owner_id, trashed);
          CREATE INDEX drive_files_drive ON drive_files(drive_id, trashed);
          CREATE INDEX drive_files_order_name ON drive_files(is_folder DESC, name COLLATE NOCASE, id);
          CREATE INDEX drive_files_modified ON drive_files(modified_time);
          CREATE INDEX drive_files_created ON drive_files(created_time);
          CREATE INDEX drive_files_mime ON drive_files(mime_type);

          CREATE TABLE drive_file_properties (
            file_id TEXT NOT NULL REFERENCES drive_files(id) ON DELETE CASCADE,
            visibility TEXT NOT NULL CHECK (visibility IN ('public', 'app')),
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (file_id, visibility, key)
          );
          CREATE INDEX drive_file_properties_kv ON drive_file_properties(visibility, key, value);

          CREATE TABLE drive_file_user_state (
            file_id TEXT NOT NULL REFERENCES drive_files(id) ON DELETE CASCADE,
            user_id TEXT NOT NULL,
            starred INTEGER NOT NULL DEFAULT 0,
            viewed_time TEXT,
            modified_by_me_time TEXT,
            PRIMARY KEY (file_id, user_id)
          );
          CREATE INDEX drive_file_user_state_user ON drive_file_user_state(user_id, starred);

          -- Rows are keyed by drive_files.seq (its stable integer rowid).
          CREATE VIRTUAL TABLE drive_fulltext USING fts5(name, description, content);

          CREATE TABLE drive_permissions (
            file_id TEXT NOT NULL REFERENCES drive_files(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            type TEXT NOT NULL,
            role TEXT NOT NULL,
            email TEXT COLLATE NOCASE,
            domain TEXT COLLATE NOCASE,
            display_name TEXT,
            allow_file_discovery INTEGER,
            expiration_time TEXT,
            created_time TEXT NOT NULL,
            sharing_user_id TEXT,
            PRIMARY KEY (file_id, id)
          );
          CREATE INDEX drive_permissions_email ON drive_permissions(email);

          CREATE TABLE drive_access (
            file_id TEXT NOT NULL REFERENCES drive_files(id) ON DELETE CASCADE,
            principal TEXT NOT NULL,
            rank INTEGER NOT NULL,
            source_file_id TEXT NOT NULL,
            permission_id TEXT NOT NULL,
            inherited INTEGER NOT NULL,
            expires TEXT,
            discoverable INTEGER NOT NULL,
            PRIMARY KEY (file_id, source_file_id, permission_id)
          );
          CREATE INDEX drive_access_file_principal ON drive_access(file_id, principal);
          CREATE INDEX drive_access_source ON drive_access(source_file_id, permission_id);
          CREATE INDEX drive_access_direct ON drive_access(principal, inherited, file_id);

          CREATE TABLE drive_blobs (
            sha256 TEXT PRIMARY KEY,
            size INTEGER NOT NULL,
            md5 TEXT NOT NULL
          );

          CREATE TABLE drive_revisions (
            file_id TEXT NOT NULL REFERENCES drive_files(id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            seq INTEGER NOT NULL,
            sha256 TEXT NOT NULL REFERENCES drive_blobs(sha256),
            mime_type TEXT NOT NULL,
            original_filename TEXT,
            modified_time TEXT NOT NULL,
            keep_forever INTEGER NOT NULL DEFAULT 0,
            last_modifying_user_id TEXT,
            superseded_time TEXT,
            published INTEGER NOT NULL DEFAULT 0,
            publish_auto INTEGER NOT NULL DEFAULT 0,
            published_outside_domain INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (file_id, id)
          );
          CREATE INDEX drive_revisions_seq ON drive_revisions(file_id, seq);
          CREATE INDEX drive_revisions_blob ON drive_revisions(sha256);

          CREATE TABLE drive_upload_sessions (
            id TEXT PRIMARY KEY,
            user_id TEXT NOT NULL,
            file_id TEXT,
            metadata TEXT NOT NULL,
            params TEXT NOT NULL,
            content_type TEXT,
            total_size INTEGER,
            received INTEGER NOT NULL DEFAULT 0,
            created_time TEXT NOT NULL,
            completed_file_id TEXT
          );

          CREATE TABLE drive_comments (
            id TEXT PRIMARY KEY,
            file_id TEXT NOT NULL REFERENCES drive_files(id) ON DELETE CASCADE,
            author_id TEXT NOT NULL,
            content TEXT,
            anchor TEXT,
            quoted_file_content TEXT,
            created_time TEXT NOT NULL,
            modified_time TEXT NOT NULL,
            deleted INTEGER NOT NULL DEFAULT 0,
            resolved INTEGER NOT NULL DEFAULT 0
          );
          CREATE INDEX drive_comments_file ON drive_comments(file_id, created_time, id);

          CREATE TABLE drive_replies (
            id TEXT PRIMARY KEY,
            comment_id TEXT NOT NULL REFERENCES drive_comments(id) ON DELETE CASCADE,
            author_id TEXT NOT NULL,
            content TEXT,
            action TEXT,
            created_time TEXT NOT NULL,
            modified_time TEXT NOT NULL,
            deleted INTEGER NOT NULL DEFAULT 0
          );
          CREATE INDEX drive_replies_comment ON drive_replies(comment_id, created_time, id);

          CREATE TABLE drive_changes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL,
            change_type TEXT NOT NULL CHECK (change_type IN ('file', 'drive')),
            file_id TEXT,
            drive_id TEXT,
            time TEXT NOT NULL
          );
          CREATE INDEX drive_changes_user ON drive_changes(user_id, id);

          CREATE TABLE drive_outbox (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            recipient TEXT NOT NULL,
            sender_id TEXT NOT NULL,
            file_id TEXT NOT NULL,
            subject TEXT NOT NULL,
            body TEXT NOT NULL,
            created_time TEXT NOT NULL
          );
        `);
      },
    },
    {
      version: 2,
      name: 'the domain each shared drive belongs to',
      up(db) {
        // A shared drive belongs to its creator's domain (whose administrators may manage it). Drives
        // made before this was recorded take their creator's domain, or else their first organizer's.
        db.exec(`
          ALTER TABLE drive_shared_drives ADD COLUMN domain TEXT NOT NULL DEFAULT '' COLLATE NOCASE;
          UPDATE drive_shared_drives SET domain = COALESCE(
            (SELECT u.domain FROM drive_users u WHERE u.user_id = drive_shared_drives.creator_id),
            (SELECT lower(substr(p.email, instr(p.email, '@') + 1)) FROM drive_permissions p
              WHERE p.file_id = drive_shared_drives.id AND p.role = 'organizer' AND p.email IS NOT NULL
              ORDER BY p.created_time, p.id LIMIT 1),
            '');
          CREATE INDEX drive_shared_drives_domain ON drive_shared_drives(domain, created_time, id);
        `);
      },
    },
    {
      version: 3,
      name: 'content addressed by BLAKE3; checksums of stored content beyond md5',
      up(db) {
        // Content is now addressed by its BLAKE3 digest; what was stored until now keeps its address,
        // its SHA-256, which is therefore already known as its checksum.
        db.exec(`
          ALTER TABLE drive_blobs RENAME COLUMN sha256 TO address;
          ALTER TABLE drive_files RENAME COLUMN sha256 TO blob_address;
          ALTER TABLE drive_revisions RENAME COLUMN sha256 TO blob_address;
          ALTER TABLE drive_blobs ADD COLUMN sha1_checksum TEXT;
          ALTER TABLE drive_blobs ADD COLUMN sha256_checksum TEXT;
          UPDATE drive_blobs SET sha256_checksum = address;
        `);
      },
    },
  ],
};
