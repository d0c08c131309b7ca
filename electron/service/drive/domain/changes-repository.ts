import type { Store } from '../../store/store';

export interface ChangeRow {
  id: number;
  user_id: string;
  change_type: 'file' | 'drive';
  file_id: string | null;
  drive_id: string | null;
  time: string;
}

/** The per-user change feed, appended in the same transaction as the change it records. */
export class ChangesRepository {
  constructor(private readonly store: Store) {}

  append(userIds: Iterable<string>, change: Omit<ChangeRow, 'id' | 'user_id'>): void {
    const insert = this.store.prepare(
      'INSERT INTO drive_changes (user_id, change_type, file_id, drive_id, time) VALUES (?, ?, ?, ?, ?)',
    );
    for (const userId of userIds) insert.run(userId, change.change_type, change.file_id, change.drive_id, change.time);
  }

  /** The id the next change will get: a start page token. */
  nextId(): number {
    const row = this.store
      .prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'drive_changes'")
      .get();
    return (row?.seq ?? 0) + 1;
  }

  page(userId: string, fromId: number, limit: number, driveId: string | undefined): ChangeRow[] {
    if (driveId !== undefined) {
      return this.store
        .prepare<[string, number, string, number], ChangeRow>(
          'SELECT * FROM drive_changes WHERE user_id = ? AND id >= ? AND drive_id = ? ORDER BY id LIMIT ?',
        )
        .all(userId, fromId, driveId, limit);
    }
    return this.store
      .prepare<[string, number, number], ChangeRow>(
        'SELECT * FROM drive_changes WHERE user_id = ? AND id >= ? ORDER BY id LIMIT ?',
      )
      .all(userId, fromId, limit);
  }
}
