import type { Store } from '../../store/store';

export interface SharedDriveRow {
  id: string;
  name: string;
  created_time: string;
  hidden: number;
  theme_id: string | null;
  color_rgb: string;
  background_image_link: string | null;
  /** JSON of the drive's restrictions object. */
  restrictions: string;
  creator_id: string;
  request_id: string;
  /** The domain the drive belongs to (its creator's); that domain's administrators may manage it. */
  domain: string;
}

export class DrivesRepository {
  constructor(private readonly store: Store) {}

  get(id: string): SharedDriveRow | undefined {
    return this.store.prepare<[string], SharedDriveRow>('SELECT * FROM drive_shared_drives WHERE id = ?').get(id);
  }

  byRequest(creatorId: string, requestId: string): SharedDriveRow | undefined {
    return this.store
      .prepare<[string, string], SharedDriveRow>(
        'SELECT * FROM drive_shared_drives WHERE creator_id = ? AND request_id = ?',
      )
      .get(creatorId, requestId);
  }

  insert(row: SharedDriveRow): void {
    this.store
      .prepare(
        `INSERT INTO drive_shared_drives (id, name, created_time, hidden, theme_id, color_rgb, background_image_link, restrictions, creator_id, request_id, domain)
         VALUES (@id, @name, @created_time, @hidden, @theme_id, @color_rgb, @background_image_link, @restrictions, @creator_id, @request_id, @domain)`,
      )
      .run(row);
  }

  update(id: string, changes: Partial<Omit<SharedDriveRow, 'id'>>): void {
    const keys = Object.keys(changes);
    if (keys.length === 0) return;
    this.store
      .prepare(`UPDATE drive_shared_drives SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`)
      .run({ ...changes, id });
  }

  delete(id: string): void {
    this.store.prepare('DELETE FROM drive_shared_drives WHERE id = ?').run(id);
  }

  /** Drives where one of the principals holds a role on the top folder, with that role's rank. */
  memberDrives(principals: readonly string[], nowIso: string): { id: string; rank: number }[] {
    return this.store
      .prepare<[string, string], { id: string; rank: number }>(
        `SELECT d.id AS id, MAX(a.rank) AS rank FROM drive_shared_drives d
         JOIN drive_access a ON a.file_id = d.id
         WHERE a.principal IN (SELECT value FROM json_each(?)) AND (a.expires IS NULL OR a.expires > ?)
         GROUP BY d.id ORDER BY d.created_time, d.id`,
      )
      .all(JSON.stringify(principals), nowIso);
  }

  /** Every shared drive of a domain, in creation order (what its administrators list). */
  inDomain(domain: string): SharedDriveRow[] {
    return this.store
      .prepare<[string], SharedDriveRow>('SELECT * FROM drive_shared_drives WHERE domain = ? ORDER BY created_time, id')
      .all(domain);
  }

  all(): SharedDriveRow[] {
    return this.store.prepare<[], SharedDriveRow>('SELECT * FROM drive_shared_drives ORDER BY created_time, id').all();
  }

  untrashedItemCount(driveId: string): number {
    return (
      this.store
        .prepare<[string, string], { n: number }>(
          'SELECT COUNT(*) AS n FROM drive_files WHERE drive_id = ? AND id != ? AND trashed = 0',
        )
        .get(driveId, driveId)?.n ?? 0
    );
  }
}
