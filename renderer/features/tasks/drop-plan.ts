import { siblingsOf, subtreeOf } from './task-tree';
import type { TaskItem } from './task-types';

/** Where on a card a dragged task is let go: just above it, onto it (nest), or just below it. */
export type DropZone = 'before' | 'inside' | 'after';

export type DropTarget =
  | { kind: 'task'; listId: string; taskId: string; zone: DropZone }
  /** The empty space at the bottom of a column: the last top-level position. */
  | { kind: 'end'; listId: string };

/** Where a task ends up, in the terms of TasksTasksMove / TasksTasksInsert. */
export interface Destination {
  listId: string;
  /** undefined = top level */
  parent?: string;
  /** undefined = first position */
  previous?: string;
}

export type DropPlan =
  | { type: 'none'; reason: string }
  /** Within one list: one TasksTasksMove. */
  | { type: 'move'; taskId: string; to: Destination }
  /** Into another list: the task and its subtasks are copied there, then removed from the source. */
  | { type: 'transfer'; taskId: string; fromListId: string; to: Destination };

export function sameTarget(a: DropTarget | null, b: DropTarget | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'end' || b.kind === 'end') return a.kind === b.kind && a.listId === b.listId;
  return a.listId === b.listId && a.taskId === b.taskId && a.zone === b.zone;
}

/** The destination a drop target names, computed among the tasks of the target list (the moving task left out). */
export function destinationFor(
  target: DropTarget,
  targetTasks: readonly TaskItem[],
  movingId: string,
): Destination | null {
  if (target.kind === 'end') {
    const top = siblingsOf(targetTasks, undefined, movingId);
    return { listId: target.listId, ...optional('previous', top.at(-1)?.id) };
  }
  const over = targetTasks.find((t) => t.id === target.taskId);
  if (!over) return null;
  if (target.zone === 'inside') {
    const children = siblingsOf(targetTasks, over.id, movingId);
    return { listId: target.listId, parent: over.id, ...optional('previous', children.at(-1)?.id) };
  }
  if (target.zone === 'after') return { listId: target.listId, ...optional('parent', over.parent), previous: over.id };
  const siblings = siblingsOf(targetTasks, over.parent, movingId);
  const index = siblings.findIndex((t) => t.id === over.id);
  return {
    listId: target.listId,
    ...optional('parent', over.parent),
    ...optional('previous', siblings[index - 1]?.id),
  };
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

/**
 * What dropping `taskId` (of `sourceListId`) on `target` does. Refuses a drop into the task's own
 * subtree and recognises a drop that changes nothing.
 */
export function planDrop(
  sourceListId: string,
  taskId: string,
  sourceTasks: readonly TaskItem[],
  target: DropTarget,
  targetTasks: readonly TaskItem[],
): DropPlan {
  const task = sourceTasks.find((t) => t.id === taskId);
  if (!task) return { type: 'none', reason: 'The task is no longer in this list.' };
  if (target.listId === sourceListId && target.kind === 'task') {
    const subtree = subtreeOf(sourceTasks, taskId);
    if (subtree.some((t) => t.id === target.taskId)) {
      const self = target.taskId === taskId;
      if (self) return { type: 'none', reason: 'The task stays where it was.' };
      return { type: 'none', reason: 'A task cannot go inside one of its own subtasks.' };
    }
  }
  const to = destinationFor(target, targetTasks, taskId);
  if (!to) return { type: 'none', reason: 'That place is no longer in the list.' };
  if (target.listId !== sourceListId) return { type: 'transfer', taskId, fromListId: sourceListId, to };
  const currentSiblings = siblingsOf(sourceTasks, task.parent);
  const currentPrevious = currentSiblings[currentSiblings.findIndex((t) => t.id === taskId) - 1]?.id;
  if ((task.parent ?? undefined) === to.parent && currentPrevious === to.previous) {
    return { type: 'none', reason: 'The task stays where it was.' };
  }
  return { type: 'move', taskId, to };
}
