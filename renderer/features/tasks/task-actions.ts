import type { QueryKey } from '@tanstack/react-query';
import {
  applyOptimisticUpdates,
  apiQueryPrefix,
  callApi,
  errorMessage,
  optimisticApiUpdate,
  queryClient,
  rollbackOptimisticUpdates,
  type OptimisticUpdate,
} from '../../lib/api';
import { useBoardStore } from './board-store';
import type { Destination } from './drop-plan';
import { orderKeyBetween } from './order-key';
import { addToPage, insertSubtreeInPage, itemsOf, moveInPage, patchInPage, removeSubtreeFromPage } from './task-cache';
import { taskListsKey } from './task-data';
import { siblingsOf, subtreeOf } from './task-tree';
import type { TaskItem, TaskListItem, TaskPage } from './task-types';
import { transferSubtree } from './transfer';

/**
 * What the board asks of the service. Each action changes the cache at once (optimistic), calls
 * the service, rolls the cache back and shows why if the service refuses, and refetches what it touched.
 */

const tasksOf = (
  listId: string,
  update: (page: TaskPage) => TaskPage,
  extra: Record<string, unknown> = {},
): OptimisticUpdate =>
  optimisticApiUpdate(
    'TasksTasksList',
    { tasklist: listId, ...extra },
    (page) => update(page as TaskPage) as typeof page,
  );

const listsUpdate = (update: (lists: TaskListItem[]) => TaskListItem[]): OptimisticUpdate =>
  optimisticApiUpdate('TasksTasklistsList', {}, (page) => {
    const current = ((page as { items?: TaskListItem[] }).items ?? []) as TaskListItem[];
    return { ...page, items: update(current) } as typeof page;
  });

async function optimistically<T>(
  updates: OptimisticUpdate[],
  action: () => Promise<T>,
  failure: string,
  refetch: QueryKey[] = [],
): Promise<T | undefined> {
  const board = useBoardStore.getState();
  const context = await applyOptimisticUpdates(queryClient, updates);
  try {
    const result = await action();
    board.dismissError();
    return result;
  } catch (error) {
    rollbackOptimisticUpdates(queryClient, context);
    board.fail(`${failure}: ${errorMessage(error)}`);
    return undefined;
  } finally {
    const filters = [...context.refetch, ...refetch.map((queryKey) => ({ queryKey }))];
    void Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));
  }
}

let temporaryIds = 0;
const temporaryId = (prefix: string) => `${prefix}-pending-${++temporaryIds}`;

// Task lists

export async function createList(title: string): Promise<TaskListItem | undefined> {
  return optimistically(
    [],
    async () => {
      const list = (await callApi('TasksTasklistsInsert', {}, { title })) as TaskListItem;
      useBoardStore.getState().announce(`List “${title}” created.`);
      return list;
    },
    'Could not create the list',
    [taskListsKey()],
  );
}

export async function renameList(listId: string, title: string): Promise<void> {
  await optimistically(
    [listsUpdate((lists) => lists.map((l) => (l.id === listId ? { ...l, title } : l)))],
    () => callApi('TasksTasklistsPatch', { tasklist: listId }, { title }),
    'Could not rename the list',
  );
}

export async function deleteList(listId: string, title: string): Promise<void> {
  await optimistically(
    [listsUpdate((lists) => lists.filter((l) => l.id !== listId))],
    async () => {
      await callApi('TasksTasklistsDelete', { tasklist: listId });
      useBoardStore.getState().announce(`List “${title}” deleted.`);
    },
    'Could not delete the list',
  );
}

// Tasks

export async function addTask(listId: string, title: string): Promise<void> {
  const pending: TaskItem = { id: temporaryId('task'), title, status: 'needsAction' };
  await optimistically(
    [
      tasksOf(listId, (page) => {
        const first = siblingsOf(itemsOf(page), undefined)[0];
        return addToPage(page, { ...pending, position: orderKeyBetween(null, first?.position ?? null) });
      }),
    ],
    () => callApi('TasksTasksInsert', { tasklist: listId }, { title }),
    'Could not add the task',
  );
}

export type TaskEdit = Partial<Pick<TaskItem, 'title' | 'status'>> & { notes?: string | null; due?: string | null };

export async function editTask(listId: string, task: TaskItem, edit: TaskEdit): Promise<void> {
  const local: Partial<TaskItem> = {};
  if (edit.title !== undefined) local.title = edit.title;
  if (edit.notes !== undefined) local.notes = edit.notes ?? undefined;
  if (edit.due !== undefined) local.due = edit.due ?? undefined;
  if (edit.status !== undefined) {
    local.status = edit.status;
    local.completed = edit.status === 'completed' ? new Date().toISOString() : undefined;
  }
  await optimistically(
    [tasksOf(listId, (page) => patchInPage(page, task.id, local))],
    () => callApi('TasksTasksPatch', { tasklist: listId, task: task.id }, edit),
    `Could not save “${task.title ?? ''}”`,
  );
}

export async function setCompleted(listId: string, task: TaskItem, completed: boolean): Promise<void> {
  await editTask(listId, task, { status: completed ? 'completed' : 'needsAction' });
  useBoardStore.getState().announce(`“${task.title ?? ''}” marked ${completed ? 'completed' : 'not completed'}.`);
}

export async function deleteTask(listId: string, task: TaskItem): Promise<void> {
  await optimistically(
    [tasksOf(listId, (page) => removeSubtreeFromPage(page, task.id))],
    async () => {
      await callApi('TasksTasksDelete', { tasklist: listId, task: task.id });
      useBoardStore.getState().announce(`“${task.title ?? ''}” deleted.`);
    },
    `Could not delete “${task.title ?? ''}”`,
  );
}

export async function clearCompleted(listId: string, title: string): Promise<void> {
  const completed = (t: TaskItem) => t.status === 'completed';
  await optimistically(
    [
      tasksOf(listId, (page) => ({ ...page, items: itemsOf(page).filter((t) => !completed(t)) }), {
        showHidden: false,
      }),
      tasksOf(
        listId,
        (page) => ({ ...page, items: itemsOf(page).map((t) => (completed(t) ? { ...t, hidden: true } : t)) }),
        { showHidden: true },
      ),
    ],
    async () => {
      await callApi('TasksTasksClear', { tasklist: listId });
      useBoardStore.getState().announce(`Completed tasks cleared from “${title}”.`);
    },
    `Could not clear “${title}”`,
  );
}

/** Moves a task within its list (TasksTasksMove); its subtasks go with it. */
export async function moveTask(listId: string, task: TaskItem, to: Destination, description: string): Promise<void> {
  await optimistically(
    [tasksOf(listId, (page) => moveInPage(page, task.id, to))],
    async () => {
      await callApi('TasksTasksMove', {
        tasklist: listId,
        task: task.id,
        ...(to.parent === undefined ? {} : { parent: to.parent }),
        ...(to.previous === undefined ? {} : { previous: to.previous }),
      });
      useBoardStore.getState().announce(description);
    },
    `Could not move “${task.title ?? ''}”`,
  );
}

/** Moves a task with its subtasks to another list (the core runs the move, see transfer.ts). */
export async function transferTask(
  fromListId: string,
  task: TaskItem,
  sourceTasks: readonly TaskItem[],
  to: Destination,
  description: string,
): Promise<void> {
  const subtree = subtreeOf(sourceTasks, task.id);
  const copyIds = new Map(subtree.map((t) => [t.id, temporaryId(t.id)]));
  await optimistically(
    [
      tasksOf(fromListId, (page) => removeSubtreeFromPage(page, task.id)),
      tasksOf(to.listId, (page) => insertSubtreeInPage(page, subtree, to, (id) => copyIds.get(id) ?? id)),
    ],
    async () => {
      await transferSubtree(fromListId, task.id, to);
      useBoardStore.getState().announce(description);
    },
    `Could not move “${task.title ?? ''}”`,
    [apiQueryPrefix('TasksTasksList')],
  );
}
