import { maxFileProperties } from '../../../../shared/api/schemas/drive';
import { badRequest } from '../../http/api-error';
import type { Store } from '../../store/store';
import { folderMimeType } from './mime';

/** A row of `drive_files`: the shared (not per-user) state of a file or folder. */
export interface FileRow {
  /** Integer key (the full-text index's row id). */
  seq: number;
  id: string;
  name: string;
  name_natural: string;
  mime_type: string;
  is_folder: number;
  parent_id: string | null;
  owner_id: string | null;
  drive_id: string | null;
  space: string;
  /** `myDrive`, `appData` or `sharedDrive` for the top folders, which cannot be renamed, moved or trashed. */
  root_kind: string | null;
  description: string | null;
  trashed: number;
  explicitly_trashed: number;
  trashed_time: string | null;
  trashing_user_id: string | null;
  created_time: string;
  modified_time: string;
  last_modifying_user_id: string | null;
  version: number;
  head_revision_id: string | null;
  size: number | null;
  md5: string | null;
  blob_address: string | null;
  /** The content's own type for native documents (what it was imported from). */
  content_type: string | null;
  original_filename: string | null;
  full_file_extension: string | null;
  file_extension: string | null;
  folder_color_rgb: string | null;
  copy_requires_writer_permission: number;
  writers_can_share: number;
  quota_bytes: number;
}

/** One user's own state of a file (`drive_file_user_state`). */
export interface FileUserState {
  starred: number;
  viewed_time: string | null;
  modified_by_me_time: string | null;
}

export type NewFileRow = Pick<FileRow, 'id' | 'name' | 'mime_type' | 'created_time' | 'modified_time'> &
  Partial<Omit<FileRow, 'seq'>>;

const columns = [
  'id',
  'name',
  'name_natural',
  'mime_type',
  'is_folder',
  'parent_id',
  'owner_id',
  'drive_id',
  'space',
  'root_kind',
  'description',
  'trashed',
  'explicitly_trashed',
  'trashed_time',
  'trashing_user_id',
  'created_time',
  'modified_time',
  'last_modifying_user_id',
  'version',
  'head_revision_id',
  'size',
  'md5',
  'blob_address',
  'content_type',
  'original_filename',
  'full_file_extension',
  'file_extension',
  'folder_color_rgb',
  'copy_requires_writer_permission',
  'writers_can_share',
  'quota_bytes',
] as const satisfies readonly (keyof FileRow)[];

const insertSql = `INSERT INTO drive_files (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`;

/** Sort key for `name_natural`: case-folded, with digit runs padded so `file10` sorts after `file9`. */
export function naturalKey(name: string): string {
  return name.toLowerCase().replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(20, '0'));
}

export class FilesRepository {
  constructor(private readonly store: Store) {}

  get(id: string): FileRow | undefined {
    return this.store.prepare<[string], FileRow>('SELECT * FROM drive_files WHERE id = ?').get(id);
  }

  /** The rows of these ids that exist, in no particular order. */
  getMany(ids: readonly string[]): FileRow[] {
    return this.store
      .prepare<[string], FileRow>('SELECT * FROM drive_files WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(ids));
  }

  insert(row: NewFileRow): FileRow {
    const full: Omit<FileRow, 'seq'> = {
      name_natural: naturalKey(row.name),
      is_folder: row.mime_type === folderMimeType ? 1 : 0,
      parent_id: null,
      owner_id: null,
      drive_id: null,
      space: 'drive',
      root_kind: null,
      description: null,
      trashed: 0,
      explicitly_trashed: 0,
      trashed_time: null,
      trashing_user_id: null,
      last_modifying_user_id: null,
      version: 1,
      head_revision_id: null,
      size: null,
      md5: null,
      blob_address: null,
      content_type: null,
      original_filename: null,
      full_file_extension: null,
      file_extension: null,
      folder_color_rgb: null,
      copy_requires_writer_permission: 0,
      writers_can_share: 1,
      quota_bytes: 0,
      ...row,
    };
    const seq = Number(this.store.prepare(insertSql).run(full).lastInsertRowid);
    this.store
      .prepare('INSERT INTO drive_fulltext (rowid, name, description, content) VALUES (?, ?, ?, ?)')
      .run(seq, full.name, full.description ?? '', '');
    return { ...full, seq };
  }

  /** Writes the given columns and bumps `version` (every server-side change does). */
  update(id: string, changes: Partial<Omit<FileRow, 'id' | 'version'>>): void {
    const set: Partial<FileRow> = { ...changes };
    if (changes.name !== undefined) set.name_natural = naturalKey(changes.name);
    if (changes.mime_type !== undefined) set.is_folder = changes.mime_type === folderMimeType ? 1 : 0;
    const keys = Object.keys(set) as (keyof FileRow)[];
    const assignments = keys.map((k) => `${k} = @${k}`);
    assignments.push('version = version + 1');
    this.store.prepare(`UPDATE drive_files SET ${assignments.join(', ')} WHERE id = @id`).run({ ...set, id });
    if (changes.name !== undefined || changes.description !== undefined) {
      const row = this.get(id);
      if (row)
        this.store
          .prepare('UPDATE drive_fulltext SET name = ?, description = ? WHERE rowid = ?')
          .run(row.name, row.description ?? '', row.seq);
    }
  }

  bumpVersion(id: string): void {
    this.store.prepare('UPDATE drive_files SET version = version + 1 WHERE id = ?').run(id);
  }

  /** Sets the content text that `fullText contains` searches (beside the name and description). */
  setIndexedContent(id: string, content: string): void {
    this.store
      .prepare('UPDATE drive_fulltext SET content = ? WHERE rowid = (SELECT seq FROM drive_files WHERE id = ?)')
      .run(content, id);
  }

  copyIndexedContent(fromId: string, toId: string): void {
    this.store
      .prepare(
        `UPDATE drive_fulltext SET content = (SELECT t.content FROM drive_fulltext t WHERE t.rowid = (SELECT seq FROM drive_files WHERE id = ?))
         WHERE rowid = (SELECT seq FROM drive_files WHERE id = ?)`,
      )
      .run(fromId, toId);
  }

  /** The file and everything below it, the file first. */
  subtreeIds(id: string): string[] {
    return this.store
      .prepare<[string], { id: string }>(
        `WITH RECURSIVE sub(id) AS (SELECT ? UNION ALL SELECT f.id FROM drive_files f JOIN sub ON f.parent_id = sub.id)
         SELECT id FROM sub`,
      )
      .all(id)
      .map((r) => r.id);
  }

  /** Ancestors from the parent up to the top folder. */
  ancestors(id: string): FileRow[] {
    return this.store
      .prepare<[string], FileRow>(
        `WITH RECURSIVE up(id, depth) AS (
           SELECT parent_id, 1 FROM drive_files WHERE id = ? AND parent_id IS NOT NULL
           UNION ALL SELECT f.parent_id, up.depth + 1 FROM drive_files f JOIN up ON f.id = up.id WHERE f.parent_id IS NOT NULL)
         SELECT f.* FROM up JOIN drive_files f ON f.id = up.id ORDER BY up.depth`,
      )
      .all(id);
  }

  isAncestor(ancestorId: string, id: string): boolean {
    return this.ancestors(id).some((a) => a.id === ancestorId);
  }

  /** Deletes the given rows in one statement (children with their parents), with their full-text entries. */
  deleteMany(ids: readonly string[]): void {
    if (ids.length === 0) return;
    const json = JSON.stringify(ids);
    this.store
      .prepare(
        'DELETE FROM drive_fulltext WHERE rowid IN (SELECT seq FROM drive_files WHERE id IN (SELECT value FROM json_each(?)))',
      )
      .run(json);
    this.store.prepare('DELETE FROM drive_files WHERE id IN (SELECT value FROM json_each(?))').run(json);
  }

  properties(id: string, visibility: 'public' | 'app'): Record<string, string> {
    const rows = this.store
      .prepare<[string, string], { key: string; value: string }>(
        'SELECT key, value FROM drive_file_properties WHERE file_id = ? AND visibility = ? ORDER BY key',
      )
      .all(id, visibility);
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  /** `properties` for many files, keyed by file (files without any are absent). */
  propertiesOfEach(ids: readonly string[], visibility: 'public' | 'app'): Map<string, Record<string, string>> {
    const rows = this.store
      .prepare<[string, string], { file_id: string; key: string; value: string }>(
        `SELECT file_id, key, value FROM drive_file_properties
         WHERE file_id IN (SELECT value FROM json_each(?)) AND visibility = ? ORDER BY file_id, key`,
      )
      .all(JSON.stringify(ids), visibility);
    const entries = new Map<string, [string, string][]>();
    for (const row of rows) {
      let list = entries.get(row.file_id);
      if (!list) entries.set(row.file_id, (list = []));
      list.push([row.key, row.value]);
    }
    return new Map([...entries].map(([fileId, list]) => [fileId, Object.fromEntries(list)]));
  }

  /**
   * Applies a properties patch: string values set, null values clear. The body was checked on its own;
   * what the file holds afterwards is checked here, so patches one after another cannot gather more
   * than the bound: past it the write answers 400 and its transaction (this change with it) is rolled back.
   */
  patchProperties(id: string, visibility: 'public' | 'app', patch: Record<string, string | null>): void {
    let adds = false;
    for (const [key, value] of Object.entries(patch)) {
      if (value !== null) adds = true;
      if (value === null) {
        this.store
          .prepare('DELETE FROM drive_file_properties WHERE file_id = ? AND visibility = ? AND key = ?')
          .run(id, visibility, key);
      } else {
        this.store
          .prepare(
            'INSERT INTO drive_file_properties (file_id, visibility, key, value) VALUES (?, ?, ?, ?) ON CONFLICT (file_id, visibility, key) DO UPDATE SET value = excluded.value',
          )
          .run(id, visibility, key, value);
      }
    }
    if (!adds) return;
    const held = this.store
      .prepare<[string, string], { n: number }>(
        'SELECT COUNT(*) AS n FROM drive_file_properties WHERE file_id = ? AND visibility = ?',
      )
      .get(id, visibility)!.n;
    if (held > maxFileProperties) {
      const field = visibility === 'public' ? 'properties' : 'appProperties';
      throw badRequest(
        'invalid',
        `Invalid value at '${field}': a file holds at most ${maxFileProperties} ${field}; this change would leave it with ${held}.`,
        field,
      );
    }
  }

  userState(fileId: string, userId: string): FileUserState | undefined {
    return this.store
      .prepare<[string, string], FileUserState>(
        'SELECT starred, viewed_time, modified_by_me_time FROM drive_file_user_state WHERE file_id = ? AND user_id = ?',
      )
      .get(fileId, userId);
  }

  /** `userState` for many files, keyed by file (files the user never touched are absent). */
  userStates(fileIds: readonly string[], userId: string): Map<string, FileUserState> {
    const rows = this.store
      .prepare<[string, string], FileUserState & { file_id: string }>(
        `SELECT file_id, starred, viewed_time, modified_by_me_time FROM drive_file_user_state
         WHERE file_id IN (SELECT value FROM json_each(?)) AND user_id = ?`,
      )
      .all(JSON.stringify(fileIds), userId);
    return new Map(rows.map(({ file_id, ...state }) => [file_id, state]));
  }

  setUserState(
    fileId: string,
    userId: string,
    patch: { starred?: boolean; viewed_time?: string; modified_by_me_time?: string },
  ): void {
    this.store
      .prepare('INSERT OR IGNORE INTO drive_file_user_state (file_id, user_id) VALUES (?, ?)')
      .run(fileId, userId);
    if (patch.starred !== undefined) {
      this.store
        .prepare('UPDATE drive_file_user_state SET starred = ? WHERE file_id = ? AND user_id = ?')
        .run(patch.starred ? 1 : 0, fileId, userId);
    }
    if (patch.viewed_time !== undefined) {
      this.store
        .prepare('UPDATE drive_file_user_state SET viewed_time = ? WHERE file_id = ? AND user_id = ?')
        .run(patch.viewed_time, fileId, userId);
    }
    if (patch.modified_by_me_time !== undefined) {
      this.store
        .prepare('UPDATE drive_file_user_state SET modified_by_me_time = ? WHERE file_id = ? AND user_id = ?')
        .run(patch.modified_by_me_time, fileId, userId);
    }
  }

  /** Files the user put in the trash themselves in their My Drive (the roots of what emptying the trash deletes). */
  trashedByOwner(ownerId: string): FileRow[] {
    return this.store
      .prepare<[string], FileRow>(
        'SELECT * FROM drive_files WHERE owner_id = ? AND explicitly_trashed = 1 AND drive_id IS NULL',
      )
      .all(ownerId);
  }

  /** Files put in the trash themselves in a shared drive. */
  trashedInDrive(driveId: string): FileRow[] {
    return this.store
      .prepare<[string], FileRow>('SELECT * FROM drive_files WHERE drive_id = ? AND explicitly_trashed = 1')
      .all(driveId);
  }

  /** Bytes a user's files count against their quota, and how many of them are in the trash. */
  usageOf(ownerId: string): { total: number; trash: number } {
    const usage = this.store
      .prepare<[string], { total: number | null; trash: number | null }>(
        'SELECT SUM(quota_bytes) AS total, SUM(CASE WHEN trashed = 1 THEN quota_bytes ELSE 0 END) AS trash FROM drive_files WHERE owner_id = ?',
      )
      .get(ownerId);
    return { total: usage?.total ?? 0, trash: usage?.trash ?? 0 };
  }
}
