import type { Statement } from 'better-sqlite3';
import type { Store } from '../../store/store';
import { inTreeOrder } from './tree-order';

export interface TaskListRow {
  id: string;
  user_id: string;
  title: string;
  is_default: number;
  updated: string;
  version: number;
  seq: number;
}

export interface TaskRow {
  id: string;
  list_id: string;
  user_id: string;
  /** '' for a top-level task. */
  parent_id: string;
  position: string;
  title: string;
  notes: string | null;
  status: 'needsAction' | 'completed';
  /** `YYYY-MM-DD` */
  due: string | null;
  completed: string | null;
  deleted: number;
  hidden: number;
  links: string;
  updated: string;
  created: string;
  version: number;
  queue_name: string | null;
  schedule_time: string | null;
  dispatch_deadline: string | null;
  platform_http_request: string | null;
}

/** What ordering and list filters need of a task: everything but its content. */
export type TaskOrderRow = Pick<
  TaskRow,
  'id' | 'parent_id' | 'position' | 'status' | 'completed' | 'due' | 'deleted' | 'hidden' | 'updated'
>;

const taskColumns = [
  'id',
  'list_id',
  'user_id',
  'parent_id',
  'position',
  'title',
  'notes',
  'status',
  'due',
  'completed',
  'deleted',
  'hidden',
  'links',
  'updated',
  'created',
  'version',
  'queue_name',
  'schedule_time',
  'dispatch_deadline',
  'platform_http_request',
] as const satisfies readonly (keyof TaskRow)[];

/**
 * Each list's tasks in outline order (content left out), kept between requests: paging through a
 * long list would otherwise read and order the whole list once per page. Every write to a list
 * drops its entry; entries are only filled outside transactions, so uncommitted rows never land here.
 * Lists have no size limit, so the bound is on rows (≈ 250 bytes each) as well as on lists; a list
 * longer than the whole bound is ordered on each request.
 */
const maxCachedOutlines = 64;
const maxCachedOutlineRows = 50_000;

/** SQL for task lists and tasks (statements are compiled once by the store), and the outlines it keeps. */
export class TasksRepository {
  private readonly outlines = { lists: new Map<string, readonly TaskOrderRow[]>(), rows: 0 };

  constructor(private readonly store: Store) {}

  /** What the outline cache holds (for tests of its bound). */
  outlineCacheSize(): { lists: number; rows: number } {
    return { lists: this.outlines.lists.size, rows: this.outlines.rows };
  }

  /** Forgets every cached outline. */
  clear(): void {
    this.outlines.lists.clear();
    this.outlines.rows = 0;
  }

  private forget(listId: string): void {
    const { lists } = this.outlines;
    const dropped = lists.get(listId);
    if (!dropped) return;
    lists.delete(listId);
    this.outlines.rows -= dropped.length;
  }

  private changed(...listIds: string[]): void {
    for (const id of listIds) this.forget(id);
  }

  /** A list's tasks, each followed by its subtasks, siblings by position; without content. */
  outlineOf(listId: string): readonly TaskOrderRow[] {
    const cache = this.outlines;
    const cached = cache.lists.get(listId);
    if (cached) return cached;
    const ordered = inTreeOrder(this.orderRowsOf(listId));
    if (!this.store.inTransaction && ordered.length <= maxCachedOutlineRows) {
      // Least recently filled first out: a bound on memory, not a policy that matters.
      while (
        cache.lists.size > 0 &&
        (cache.lists.size >= maxCachedOutlines || cache.rows + ordered.length > maxCachedOutlineRows)
      ) {
        this.forget(cache.lists.keys().next().value!);
      }
      cache.lists.set(listId, ordered);
      cache.rows += ordered.length;
    }
    return ordered;
  }

  private stmt(sql: string): Statement {
    return this.store.prepare(sql);
  }

  // Task lists

  listById(userId: string, id: string): TaskListRow | undefined {
    return this.stmt('SELECT * FROM tasks_lists WHERE id = ? AND user_id = ?').get(id, userId) as
      TaskListRow | undefined;
  }

  defaultList(userId: string): TaskListRow | undefined {
    return this.stmt('SELECT * FROM tasks_lists WHERE user_id = ? ORDER BY is_default DESC, seq LIMIT 1').get(
      userId,
    ) as TaskListRow | undefined;
  }

  listsOf(userId: string, offset: number, limit: number): TaskListRow[] {
    return this.stmt('SELECT * FROM tasks_lists WHERE user_id = ? ORDER BY seq LIMIT ? OFFSET ?').all(
      userId,
      limit,
      offset,
    ) as TaskListRow[];
  }

  insertList(row: Omit<TaskListRow, 'seq' | 'version'>): TaskListRow {
    const seq = (
      this.stmt('SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM tasks_lists WHERE user_id = ?').get(row.user_id) as {
        seq: number;
      }
    ).seq;
    this.stmt(
      'INSERT INTO tasks_lists (id, user_id, title, is_default, updated, version, seq) VALUES (?, ?, ?, ?, ?, 1, ?)',
    ).run(row.id, row.user_id, row.title, row.is_default, row.updated, seq);
    return { ...row, seq, version: 1 };
  }

  updateList(id: string, title: string, updated: string): void {
    this.stmt('UPDATE tasks_lists SET title = ?, updated = ?, version = version + 1 WHERE id = ?').run(
      title,
      updated,
      id,
    );
  }

  deleteList(id: string): void {
    // Tasks go with their list (ON DELETE CASCADE).
    this.stmt('DELETE FROM tasks_lists WHERE id = ?').run(id);
    this.changed(id);
  }

  // Tasks

  taskById(listId: string, id: string): TaskRow | undefined {
    return this.stmt('SELECT * FROM tasks_items WHERE id = ? AND list_id = ?').get(id, listId) as TaskRow | undefined;
  }

  taskByQueueName(userId: string, name: string): TaskRow | undefined {
    return this.stmt('SELECT * FROM tasks_items WHERE user_id = ? AND queue_name = ?').get(userId, name) as
      TaskRow | undefined;
  }

  /** Every task of a list without its content, siblings grouped and in position order. */
  orderRowsOf(listId: string): TaskOrderRow[] {
    return this.stmt(
      'SELECT id, parent_id, position, status, completed, due, deleted, hidden, updated FROM tasks_items WHERE list_id = ? ORDER BY parent_id, position',
    ).all(listId) as TaskOrderRow[];
  }

  /** Full rows of some tasks of a list, in no particular order. */
  tasksByIds(listId: string, ids: readonly string[]): TaskRow[] {
    if (ids.length === 0) return [];
    return this.stmt(`SELECT * FROM tasks_items WHERE list_id = ? AND id IN (${ids.map(() => '?').join(', ')})`).all(
      listId,
      ...ids,
    ) as TaskRow[];
  }

  /** Position of the first sibling under `parentId` after `after` (or the first of all when null), skipping `exceptId`. */
  nextSiblingPosition(listId: string, parentId: string, after: string | null, exceptId: string): string | null {
    const row = (
      after === null
        ? this.stmt(
            'SELECT position FROM tasks_items WHERE list_id = ? AND parent_id = ? AND id <> ? ORDER BY position LIMIT 1',
          ).get(listId, parentId, exceptId)
        : this.stmt(
            'SELECT position FROM tasks_items WHERE list_id = ? AND parent_id = ? AND position > ? AND id <> ? ORDER BY position LIMIT 1',
          ).get(listId, parentId, after, exceptId)
    ) as { position: string } | undefined;
    return row?.position ?? null;
  }

  parentOf(taskId: string): string | undefined {
    return (
      this.stmt('SELECT parent_id FROM tasks_items WHERE id = ?').get(taskId) as { parent_id: string } | undefined
    )?.parent_id;
  }

  insertTask(row: TaskRow): void {
    this.changed(row.list_id);
    this.stmt(
      `INSERT INTO tasks_items (${taskColumns.join(', ')}) VALUES (${taskColumns.map((c) => '@' + c).join(', ')})`,
    ).run(row);
  }

  /** Writes every column of an existing task. */
  replaceTask(row: TaskRow): void {
    this.changed(row.list_id);
    this.stmt(
      `UPDATE tasks_items SET ${taskColumns
        .filter((c) => c !== 'id')
        .map((c) => `${c} = @${c}`)
        .join(', ')} WHERE id = @id`,
    ).run(row);
  }

  moveTask(listId: string, id: string, parentId: string, position: string, updated: string): void {
    this.changed(listId);
    this.stmt(
      'UPDATE tasks_items SET parent_id = ?, position = ?, updated = ?, version = version + 1 WHERE id = ?',
    ).run(parentId, position, updated, id);
  }

  /** Moves a task and its descendants into another list (their parent links stay as they are). */
  moveSubtreeToList(listId: string, id: string, targetListId: string): void {
    this.changed(listId, targetListId);
    this.stmt(
      `WITH RECURSIVE subtree(id) AS (
         SELECT ? UNION ALL SELECT t.id FROM tasks_items t JOIN subtree s ON t.list_id = ? AND t.parent_id = s.id)
       UPDATE tasks_items SET list_id = ? WHERE id IN subtree`,
    ).run(id, listId, targetListId);
  }

  /** Marks a task and all its descendants deleted. */
  deleteSubtree(listId: string, id: string, updated: string): void {
    this.changed(listId);
    this.stmt(
      `WITH RECURSIVE subtree(id) AS (
         SELECT ? UNION ALL SELECT t.id FROM tasks_items t JOIN subtree s ON t.list_id = ? AND t.parent_id = s.id)
       UPDATE tasks_items SET deleted = 1, updated = ?, version = version + 1 WHERE id IN subtree AND deleted = 0`,
    ).run(id, listId, updated);
  }

  /** Hides the completed tasks of a list; returns how many changed. */
  hideCompleted(listId: string, updated: string): number {
    this.changed(listId);
    return this.stmt(
      "UPDATE tasks_items SET hidden = 1, updated = ?, version = version + 1 WHERE list_id = ? AND status = 'completed' AND hidden = 0 AND deleted = 0",
    ).run(updated, listId).changes;
  }
}
