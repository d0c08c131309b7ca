import type { Store } from '../../store/store';

/** A resumable upload in progress: what the request that opened it said, and how much has arrived. */
export interface UploadSessionRow {
  id: string;
  user_id: string;
  file_id: string | null;
  metadata: string;
  params: string;
  content_type: string | null;
  total_size: number | null;
  received: number;
  created_time: string;
  completed_file_id: string | null;
}

export type NewUploadSession = Omit<UploadSessionRow, 'received' | 'completed_file_id'>;

/** Resumable upload sessions (their bytes are temporary files of the blob store). */
export class UploadSessionsRepository {
  constructor(private readonly store: Store) {}

  get(id: string): UploadSessionRow | undefined {
    return this.store.prepare<[string], UploadSessionRow>('SELECT * FROM drive_upload_sessions WHERE id = ?').get(id);
  }

  insert(row: NewUploadSession): void {
    this.store
      .prepare(
        `INSERT INTO drive_upload_sessions (id, user_id, file_id, metadata, params, content_type, total_size, received, created_time)
         VALUES (@id, @user_id, @file_id, @metadata, @params, @content_type, @total_size, 0, @created_time)`,
      )
      .run(row);
  }

  delete(id: string): void {
    this.store.prepare('DELETE FROM drive_upload_sessions WHERE id = ?').run(id);
  }

  /** Sessions started at or before `cutoff` (an ISO time). */
  startedBy(cutoff: string): string[] {
    return this.store
      .prepare<[string], { id: string }>('SELECT id FROM drive_upload_sessions WHERE created_time <= ?')
      .all(cutoff)
      .map((r) => r.id);
  }

  /** Sessions whose content has not been completed yet. */
  unfinishedIds(): string[] {
    return this.store
      .prepare<[], { id: string }>('SELECT id FROM drive_upload_sessions WHERE completed_file_id IS NULL')
      .all()
      .map((r) => r.id);
  }

  recordReceived(id: string, received: number): void {
    this.store.prepare('UPDATE drive_upload_sessions SET received = ? WHERE id = ?').run(received, id);
  }

  recordProgress(id: string, received: number, total: number | null): void {
    this.store
      .prepare('UPDATE drive_upload_sessions SET received = ?, total_size = ? WHERE id = ?')
      .run(received, total, id);
  }

  complete(id: string, fileId: string): void {
    this.store.prepare('UPDATE drive_upload_sessions SET completed_file_id = ? WHERE id = ?').run(fileId, id);
  }
}
