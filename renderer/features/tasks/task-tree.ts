import type { TaskItem } from './task-types';

/** One visible row of a column: a task and how deep it is nested. */
export interface TaskRowModel {
  task: TaskItem;
  depth: number;
  /** How many of its subtasks are in the column. */
  childCount: number;
}

const topLevel = '';

function parentKey(task: TaskItem, present: ReadonlySet<string>): string {
  // A subtask whose parent is not shown (filtered out) is shown at the top level.
  return task.parent && present.has(task.parent) ? task.parent : topLevel;
}

export function compareSiblings(a: TaskItem, b: TaskItem): number {
  const pa = a.position ?? '';
  const pb = b.position ?? '';
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Children of each task (and of '' for the top level), siblings in position order. */
export function childrenByParent(tasks: readonly TaskItem[]): Map<string, TaskItem[]> {
  const present = new Set(tasks.map((t) => t.id));
  const groups = new Map<string, TaskItem[]>();
  for (const task of tasks) {
    const key = parentKey(task, present);
    const group = groups.get(key);
    if (group) group.push(task);
    else groups.set(key, [task]);
  }
  for (const group of groups.values()) group.sort(compareSiblings);
  return groups;
}

/** The column's rows: every task followed by its subtasks, siblings in position order. */
export function buildRows(tasks: readonly TaskItem[]): TaskRowModel[] {
  const groups = childrenByParent(tasks);
  const rows: TaskRowModel[] = [];
  const walk = (key: string, depth: number) => {
    for (const task of groups.get(key) ?? []) {
      rows.push({ task, depth, childCount: groups.get(task.id)?.length ?? 0 });
      walk(task.id, depth + 1);
    }
  };
  walk(topLevel, 0);
  return rows;
}

/**
 * A list's completed tasks as rows: newest completion first, and a subtask completed with its task
 * under it (in position order), as the open tasks show. A completed subtask whose task is open
 * stands at the top level, by its own completion.
 */
export function completedRows(tasks: readonly TaskItem[]): TaskRowModel[] {
  const groups = childrenByParent(tasks);
  const rows: TaskRowModel[] = [];
  const walk = (task: TaskItem, depth: number) => {
    const children = groups.get(task.id) ?? [];
    rows.push({ task, depth, childCount: children.length });
    for (const child of children) walk(child, depth + 1);
  };
  const newestFirst = [...(groups.get(topLevel) ?? [])].sort((a, b) =>
    (a.completed ?? '') < (b.completed ?? '') ? 1 : (a.completed ?? '') > (b.completed ?? '') ? -1 : 0,
  );
  for (const task of newestFirst) walk(task, 0);
  return rows;
}

/** A task and all its descendants, the task first, each parent before its children in position order. */
export function subtreeOf(tasks: readonly TaskItem[], rootId: string): TaskItem[] {
  const groups = childrenByParent(tasks);
  const root = tasks.find((t) => t.id === rootId);
  if (!root) return [];
  const out: TaskItem[] = [];
  const walk = (task: TaskItem) => {
    out.push(task);
    for (const child of groups.get(task.id) ?? []) walk(child);
  };
  walk(root);
  return out;
}

/** Siblings under `parent` (undefined = top level) in order, without `exceptId`. */
export function siblingsOf(tasks: readonly TaskItem[], parent: string | undefined, exceptId?: string): TaskItem[] {
  return tasks.filter((t) => (t.parent ?? undefined) === parent && t.id !== exceptId).sort(compareSiblings);
}

/** The rows with each top-level task (and its subtasks under it) ordered by due date, undated last. */
export function sortRowsByDue(rows: readonly TaskRowModel[]): TaskRowModel[] {
  const blocks: TaskRowModel[][] = [];
  for (const row of rows) {
    if (row.depth === 0 || blocks.length === 0) blocks.push([row]);
    else blocks.at(-1)!.push(row);
  }
  const key = (block: TaskRowModel[]) => block[0]?.task.due?.slice(0, 10) ?? '\uffff';
  return blocks
    .map((block, i) => ({ block, i }))
    .sort((a, b) => (key(a.block) < key(b.block) ? -1 : key(a.block) > key(b.block) ? 1 : a.i - b.i))
    .flatMap(({ block }) => block);
}
