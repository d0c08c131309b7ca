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

  /**
   * Every permission that applies to the file, one per grantee: the strongest grant wins, and a
   * direct one wins over an inherited one of the same strength.
   */
  effective(fileId: string): EffectivePermission[] {
    const rows = this.store
      .prepare<[string], EffectivePermission>(
        `SELECT p.*, a.inherited AS inherited, a.rank AS rank, a.source_file_id AS source_file_id
         FROM drive_access a JOIN drive_permissions p ON p.file_id = a.source_file_id AND p.id = a.permission_id
         WHERE a.file_id = ? ORDER BY a.rank DESC, a.inherited ASC, p.created_time, p.id`,
      )
      .all(fileId);
    const byId = new Map<string, EffectivePermission>();
    for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, row);
    return [...byId.values()];
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
}
