import type { Store } from '../../store/store';

export interface CommentRow {
  id: string;
  file_id: string;
  author_id: string;
  content: string | null;
  anchor: string | null;
  /** `{mimeType, value}` as the client sent it. */
  quoted_file_content: string | null;
  created_time: string;
  modified_time: string;
  deleted: number;
  resolved: number;
}

export interface ReplyRow {
  id: string;
  comment_id: string;
  author_id: string;
  content: string | null;
  action: 'resolve' | 'reopen' | null;
  created_time: string;
  modified_time: string;
  deleted: number;
}

export class CommentsRepository {
  constructor(private readonly store: Store) {}

  get(fileId: string, id: string): CommentRow | undefined {
    return this.store
      .prepare<[string, string], CommentRow>('SELECT * FROM drive_comments WHERE file_id = ? AND id = ?')
      .get(fileId, id);
  }

  list(
    fileId: string,
    opts: { includeDeleted: boolean; startModifiedTime?: string; offset: number; limit: number },
  ): CommentRow[] {
    return this.store
      .prepare<[string, number, string, number, number], CommentRow>(
        `SELECT * FROM drive_comments WHERE file_id = ? AND (? = 1 OR deleted = 0) AND modified_time >= ?
         ORDER BY created_time, id LIMIT ? OFFSET ?`,
      )
      .all(fileId, opts.includeDeleted ? 1 : 0, opts.startModifiedTime ?? '', opts.limit, opts.offset);
  }

  insert(row: CommentRow): void {
    this.store
      .prepare(
        `INSERT INTO drive_comments (id, file_id, author_id, content, anchor, quoted_file_content, created_time, modified_time, deleted, resolved)
         VALUES (@id, @file_id, @author_id, @content, @anchor, @quoted_file_content, @created_time, @modified_time, @deleted, @resolved)`,
      )
      .run(row);
  }

  update(id: string, changes: Partial<Omit<CommentRow, 'id' | 'file_id'>>): void {
    const keys = Object.keys(changes);
    if (keys.length === 0) return;
    this.store
      .prepare(`UPDATE drive_comments SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`)
      .run({ ...changes, id });
  }

  reply(commentId: string, id: string): ReplyRow | undefined {
    return this.store
      .prepare<[string, string], ReplyRow>('SELECT * FROM drive_replies WHERE comment_id = ? AND id = ?')
      .get(commentId, id);
  }

  replies(commentId: string, opts: { includeDeleted: boolean; offset: number; limit: number }): ReplyRow[] {
    return this.store
      .prepare<[string, number, number, number], ReplyRow>(
        'SELECT * FROM drive_replies WHERE comment_id = ? AND (? = 1 OR deleted = 0) ORDER BY created_time, id LIMIT ? OFFSET ?',
      )
      .all(commentId, opts.includeDeleted ? 1 : 0, opts.limit, opts.offset);
  }

  insertReply(row: ReplyRow): void {
    this.store
      .prepare(
        `INSERT INTO drive_replies (id, comment_id, author_id, content, action, created_time, modified_time, deleted)
         VALUES (@id, @comment_id, @author_id, @content, @action, @created_time, @modified_time, @deleted)`,
      )
      .run(row);
  }

  updateReply(id: string, changes: Partial<Omit<ReplyRow, 'id' | 'comment_id'>>): void {
    const keys = Object.keys(changes);
    if (keys.length === 0) return;
    this.store
      .prepare(`UPDATE drive_replies SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`)
      .run({ ...changes, id });
  }
}
