import type { Store } from '../../store/store';
import type { GranteeType, Role } from './roles';

export interface PermissionRow {
  file_id: string;
  id: string;
  type: GranteeType;
  role: Role;
  email: string | null;
  domain: string | null;
  display_name: string | null;
  allow_file_discovery: number | null;
  expiration_time: string | null;
  created_time: string;
  sharing_user_id: string | null;
}

/** A permission as it applies to a file: the row it comes from and whether it was set on a folder above. */
export interface EffectivePermission extends PermissionRow {
  inherited: number;
  rank: number;
  source_file_id: string;
}

/**
 * The order in which a file's grants compete: strongest first, direct before inherited, then the
 * oldest permission; the source folder settles what is left, so the winner never depends on the plan.
 */
const effectiveOrder = 'a.rank DESC, a.inherited ASC, p.created_time, p.id, a.source_file_id';

/** The first (winning) grant of each permission id, in `effectiveOrder`. */
function oneGrantEach<T extends Grantee>(rows: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()];
}

/** Rows of several files' grants, in `effectiveOrder` within each file, as each file's winners. */
function groupByFile<T extends Grantee>(rows: readonly (T & { reached_file_id: string })[]): Map<string, T[]> {
  const byFile = new Map<string, T[]>();
  for (const { reached_file_id: fileId, ...rest } of rows) {
    const row = rest as unknown as T;
    let list = byFile.get(fileId);
    if (!list) byFile.set(fileId, (list = []));
    list.push(row);
  }
  for (const [fileId, list] of byFile) byFile.set(fileId, oneGrantEach(list));
  return byFile;
}

/** Who a permission is for and what it grants, without the rest of its row. */
export type Grantee = Pick<PermissionRow, 'id' | 'role'>;

export class PermissionsRepository {
  constructor(private readonly store: Store) {}

  direct(fileId: string, permissionId: string): PermissionRow | undefined {
    return this.store
      .prepare<[string, string], PermissionRow>('SELECT * FROM drive_permissions WHERE file_id = ? AND id = ?')
      .get(fileId, permissionId);
  }

  directOn(fileId: string): PermissionRow[] {
    return this.store
      .prepare<[string], PermissionRow>('SELECT * FROM drive_permissions WHERE file_id = ? ORDER BY created_time, id')
      .all(fileId);
  }

  /** Which of these files have permissions of their own (rather than only inherited ones). */
  filesWithDirect(fileIds: readonly string[]): Set<string> {
    return new Set(
      this.store
        .prepare<[string], { file_id: string }>(
          'SELECT DISTINCT file_id FROM drive_permissions WHERE file_id IN (SELECT value FROM json_each(?))',
        )
        .all(JSON.stringify(fileIds))
        .map((r) => r.file_id),
    );
  }

  /** `direct` for many files and one permission id, keyed by file. */
  directOnEach(fileIds: readonly string[], permissionId: string): Map<string, PermissionRow> {
    const rows = this.store
      .prepare<[string, string], PermissionRow>(
        'SELECT * FROM drive_permissions WHERE file_id IN (SELECT value FROM json_each(?)) AND id = ?',
      )
      .all(JSON.stringify(fileIds), permissionId);
    return new Map(rows.map((row) => [row.file_id, row]));
  }

  /**
   * Every permission that applies to the file, one per grantee: the strongest grant wins, and a
   * direct one wins over an inherited one of the same strength.
   */
  effective(fileId: string): EffectivePermission[] {
    const rows = this.store
      .prepare<[string], EffectivePermission>(
        `SELECT p.*, a.inherited AS inherited, a.rank AS rank, a.source_file_id AS source_file_id
         FROM drive_access a JOIN drive_permissions p ON p.file_id = a.source_file_id AND p.id = a.permission_id
         WHERE a.file_id = ? ORDER BY ${effectiveOrder}`,
      )
      .all(fileId);
    return oneGrantEach(rows);
  }

  /** `effective` for many files in one query, keyed by file (files with no permission are absent). */
  effectiveOnEach(fileIds: readonly string[]): Map<string, EffectivePermission[]> {
    const rows = this.store
      .prepare<[string], EffectivePermission & { reached_file_id: string }>(
        `SELECT a.file_id AS reached_file_id, p.*, a.inherited AS inherited, a.rank AS rank, a.source_file_id AS source_file_id
         FROM drive_access a JOIN drive_permissions p ON p.file_id = a.source_file_id AND p.id = a.permission_id
         WHERE a.file_id IN (SELECT value FROM json_each(?)) ORDER BY a.file_id, ${effectiveOrder}`,
      )
      .all(JSON.stringify(fileIds));
    return groupByFile(rows);
  }

  /**
   * Who each file is shared with (the `id` and `role` of each `effective` permission, in the same
   * order), in one query: all a listing needs for `shared` and `permissionIds`.
   */
  granteesOnEach(fileIds: readonly string[]): Map<string, Grantee[]> {
    const rows = this.store
      .prepare<[string], Grantee & { reached_file_id: string }>(
        `SELECT a.file_id AS reached_file_id, p.id AS id, p.role AS role
         FROM drive_access a JOIN drive_permissions p ON p.file_id = a.source_file_id AND p.id = a.permission_id
         WHERE a.file_id IN (SELECT value FROM json_each(?)) ORDER BY a.file_id, ${effectiveOrder}`,
      )
      .all(JSON.stringify(fileIds));
    return groupByFile(rows);
  }

  insert(row: PermissionRow): void {
    this.store
      .prepare(
        `INSERT INTO drive_permissions (file_id, id, type, role, email, domain, display_name, allow_file_discovery, expiration_time, created_time, sharing_user_id)
         VALUES (@file_id, @id, @type, @role, @email, @domain, @display_name, @allow_file_discovery, @expiration_time, @created_time, @sharing_user_id)`,
      )
      .run(row);
  }

  update(
    fileId: string,
    id: string,
    changes: Pick<PermissionRow, 'role' | 'expiration_time' | 'allow_file_discovery'>,
  ): void {
    this.store
      .prepare(
        'UPDATE drive_permissions SET role = @role, expiration_time = @expiration_time, allow_file_discovery = @allow_file_discovery WHERE file_id = @file_id AND id = @id',
      )
      .run({ ...changes, file_id: fileId, id });
  }

  delete(fileId: string, id: string): void {
    this.store.prepare('DELETE FROM drive_permissions WHERE file_id = ? AND id = ?').run(fileId, id);
  }

  /** When the user was first given direct access to the file (sharedWithMeTime). */
  sharedWithMeTime(fileId: string, email: string): string | undefined {
    return (
      this.store
        .prepare<[string, string], { t: string | null }>(
          `SELECT MIN(created_time) AS t FROM drive_permissions WHERE file_id = ? AND type = 'user' AND email = ? AND role != 'owner'`,
        )
        .get(fileId, email)?.t ?? undefined
    );
  }

  /**
   * `sharedWithMeTime` for many files, keyed by file (files never shared with the user are absent).
   * Read through the page's files (`+email` keeps the address index, which would walk everything
   * ever shared with the user, out of the plan).
   */
  sharedWithMeTimes(fileIds: readonly string[], email: string): Map<string, string> {
    const rows = this.store
      .prepare<[string, string], { file_id: string; t: string }>(
        `SELECT file_id, MIN(created_time) AS t FROM drive_permissions
         WHERE file_id IN (SELECT value FROM json_each(?)) AND type = 'user' AND +email = ? AND role != 'owner'
         GROUP BY file_id`,
      )
      .all(JSON.stringify(fileIds), email);
    return new Map(rows.map((row) => [row.file_id, row.t]));
  }
}
