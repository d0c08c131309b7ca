import type { Destination } from './drop-plan';
import { orderKeyBetween } from './order-key';
import { siblingsOf, subtreeOf } from './task-tree';
import type { TaskItem, TaskPage } from './task-types';

/**
 * Pure changes to a cached task page, used for optimistic updates: what the list will look like
 * once the service has done what was asked.
 */

export function itemsOf(page: TaskPage | undefined): TaskItem[] {
  return page?.items ?? [];
}

function withItems(page: TaskPage, items: TaskItem[]): TaskPage {
  return { ...page, items };
}

/** A position between `previous` (or the start) and the sibling after it, among `tasks`. */
export function positionAt(
  tasks: readonly TaskItem[],
  parent: string | undefined,
  previous: string | undefined,
  exceptId: string,
): string {
  const siblings = siblingsOf(tasks, parent, exceptId);
  const index = previous === undefined ? -1 : siblings.findIndex((t) => t.id === previous);
  const before = index >= 0 ? (siblings[index]?.position ?? null) : null;
  const after = siblings[index + 1]?.position ?? null;
  return orderKeyBetween(before, after);
}

/** The page with `taskId` moved under `to.parent` after `to.previous`; its subtasks follow it. */
export function moveInPage(page: TaskPage, taskId: string, to: Destination): TaskPage {
  const tasks = itemsOf(page);
  const position = positionAt(tasks, to.parent, to.previous, taskId);
  return withItems(
    page,
    tasks.map((t) => {
      if (t.id !== taskId) return t;
      const { parent: _old, ...rest } = t;
      return { ...rest, position, ...(to.parent === undefined ? {} : { parent: to.parent }) };
    }),
  );
}

/** The page without a task and its subtasks. */
export function removeSubtreeFromPage(page: TaskPage, taskId: string): TaskPage {
  const tasks = itemsOf(page);
  const gone = new Set(subtreeOf(tasks, taskId).map((t) => t.id));
  return withItems(
    page,
    tasks.filter((t) => !gone.has(t.id)),
  );
}

/**
 * The page with copies of `subtree` (root first, parents before children) placed at `to`.
 * Copies get ids from `idFor` so the root keeps its parent at the destination and children keep theirs.
 */
export function insertSubtreeInPage(
  page: TaskPage,
  subtree: readonly TaskItem[],
  to: Destination,
  idFor: (id: string) => string,
): TaskPage {
  const tasks = itemsOf(page);
  const [root, ...rest] = subtree;
  if (!root) return page;
  const rootCopy: TaskItem = {
    ...withoutParent(root),
    id: idFor(root.id),
    position: positionAt(tasks, to.parent, to.previous, ''),
  };
  if (to.parent !== undefined) rootCopy.parent = to.parent;
  const copies = rest.map((t): TaskItem => ({
    ...t,
    id: idFor(t.id),
    ...(t.parent ? { parent: idFor(t.parent) } : {}),
  }));
  return withItems(page, [...tasks, rootCopy, ...copies]);
}

function withoutParent(task: TaskItem): TaskItem {
  const { parent: _parent, ...rest } = task;
  return rest;
}

export function patchInPage(page: TaskPage, taskId: string, patch: Partial<TaskItem>): TaskPage {
  return withItems(
    page,
    itemsOf(page).map((t) => (t.id === taskId ? { ...t, ...patch } : t)),
  );
}

export function addToPage(page: TaskPage, task: TaskItem): TaskPage {
  return withItems(page, [...itemsOf(page), task]);
}
