import { apiQueryPrefix, callApi } from '../../lib/api';
import { apiKeyParamsInclude } from '../../lib/keys';
import { optimisticUpdate, runOptimisticMutation, type OptimisticUpdate } from '../../lib/mutation';
import type { TaskLists } from '../../../shared/api/schemas/tasks';
import { useBoardStore } from './board-store';
import type { Destination } from './drop-plan';
import { orderKeyBetween } from './order-key';
import { cachedListTasks, cachedSubtree, fetchListWithDeleted, taskListsKey } from './queries';
import { addToPage, insertSubtreeInPage, itemsOf, moveInPage, patchInPage, removeSubtreeFromPage } from './task-cache';
import { siblingsOf, subtreeOf } from './task-tree';
import { hasId, type TaskItem, type TaskListItem, type TaskPage } from './task-types';
import { transferSubtree } from './transfer';
import { awaitId, optionalServiceId, serviceId, shownId } from './pending-ids';
import { dueValue } from './card-actions';

/**
 * What the board asks of the service, each as one optimistic mutation (lib/mutation): the change
 * shows at once, is taken back with a toast saying why if the service refuses, and deleting,
 * completing, moving and editing a task offer Undo (the toast's button or Ctrl/Cmd+Z).
 */

const quoted = (task: Pick<TaskItem, 'title'>) => `“${task.title?.trim() || 'Untitled task'}”`;
const announce = (message: string) => useBoardStore.getState().announce(message);

/** A change to every cached page of one list's tasks (optionally only pages whose params include `extra`). */
function tasksOf(listId: string, update: (page: TaskPage) => TaskPage, extra: Record<string, unknown> = {}) {
  return optimisticUpdate<TaskPage>(apiQueryPrefix('TasksTasksList'), update, (key) =>
    apiKeyParamsInclude(key, { tasklist: listId, ...extra }),
  );
}

function listsUpdate(update: (lists: TaskListItem[]) => TaskListItem[]): OptimisticUpdate {
  return optimisticUpdate<TaskLists>(apiQueryPrefix('TasksTasklistsList'), (page) => ({
    ...page,
    items: update((page.items ?? []).filter(hasId)),
  }));
}

let temporaryIds = 0;
const temporaryId = (prefix: string) => `${prefix}-pending-${++temporaryIds}`;

/** `to` with each task it names as the cache has it now (see pending-ids.ts). */
function shownDestination(to: Destination): Destination {
  return {
    listId: to.listId,
    ...(to.parent === undefined ? {} : { parent: shownId(to.parent) }),
    ...(to.previous === undefined ? {} : { previous: shownId(to.previous) }),
  };
}

/** `to` with each task it names by the service's id, once the service has given them. */
async function serviceDestination(to: Destination): Promise<Destination> {
  const [parent, previous] = await Promise.all([optionalServiceId(to.parent), optionalServiceId(to.previous)]);
  return {
    listId: to.listId,
    ...(parent === undefined ? {} : { parent }),
    ...(previous === undefined ? {} : { previous }),
  };
}

// Task lists

export function createList(title: string): Promise<TaskListItem | undefined> {
  return runOptimisticMutation(
    {
      call: async () => {
        const list = await callApi('TasksTasklistsInsert', {}, { title });
        if (!hasId(list)) throw new Error('The service answered without an id.');
        announce(`List “${title}” created.`);
        return list;
      },
      refetch: () => [{ queryKey: taskListsKey() }],
      failure: () => `Couldn’t create the list “${title}”.`,
    },
    undefined,
  );
}

export async function renameList(listId: string, title: string): Promise<void> {
  await runOptimisticMutation(
    {
      apply: () => [listsUpdate((lists) => lists.map((l) => (l.id === listId ? { ...l, title } : l)))],
      call: () => callApi('TasksTasklistsPatch', { tasklist: listId }, { title }),
      failure: () => `Couldn’t rename the list to “${title}”.`,
    },
    undefined,
  );
}

export async function deleteList(listId: string, title: string): Promise<void> {
  await runOptimisticMutation(
    {
      apply: () => [listsUpdate((lists) => lists.filter((l) => l.id !== listId))],
      call: () => callApi('TasksTasklistsDelete', { tasklist: listId }),
      failure: () => `Couldn’t delete the list “${title}”.`,
      success: () => ({ message: `Deleted the list “${title}”` }),
    },
    undefined,
  );
}

// Tasks

/** Adds a task first in the list, or last among the subtasks of `parent`; `due` is a `YYYY-MM-DD` day. */
export async function addTask(listId: string, title: string, parent?: TaskItem, due?: string): Promise<void> {
  const pending: TaskItem = {
    id: temporaryId('task'),
    title,
    status: 'needsAction',
    ...(parent ? { parent: parent.id } : {}),
    ...(due ? { due: dueValue(due) } : {}),
  };
  const lastChild = parent ? siblingsOf(cachedListTasks(listId), shownId(parent.id)).at(-1) : undefined;
  const made = awaitId(pending.id);
  await runOptimisticMutation(
    {
      apply: () => [
        tasksOf(listId, (page) => {
          const siblings = siblingsOf(itemsOf(page), parent ? shownId(parent.id) : undefined);
          const position = parent
            ? orderKeyBetween(siblings.at(-1)?.position ?? null, null)
            : orderKeyBetween(null, siblings[0]?.position ?? null);
          return addToPage(page, { ...pending, ...(parent ? { parent: shownId(parent.id) } : {}), position });
        }),
      ],
      call: async () => {
        try {
          const [parentId, previousId] = await Promise.all([
            optionalServiceId(parent?.id),
            optionalServiceId(lastChild?.id),
          ]);
          const created = await callApi(
            'TasksTasksInsert',
            {
              tasklist: listId,
              ...(parentId === undefined ? {} : { parent: parentId }),
              ...(previousId === undefined ? {} : { previous: previousId }),
            },
            { title, ...(due ? { due: dueValue(due) } : {}) },
          );
          if (!hasId(created)) throw new Error('The service answered without an id.');
          made.resolve(created.id);
          return created;
        } catch (error) {
          made.reject(error);
          throw error;
        }
      },
      failure: () => `Couldn’t add the task “${title}”.`,
      success: () => {
        if (parent) announce(`Added “${title}” as a subtask of ${quoted(parent)}.`);
        return undefined;
      },
    },
    undefined,
  );
}

export type TaskEdit = Partial<Pick<TaskItem, 'title' | 'status'>> & {
  notes?: string | null;
  due?: string | null;
  completed?: string | null;
};

/** The edit that puts back what `edit` changes on `task`. */
function inverseEdit(task: TaskItem, edit: TaskEdit): TaskEdit {
  const inverse: TaskEdit = {};
  if (edit.title !== undefined) inverse.title = task.title ?? '';
  if (edit.notes !== undefined) inverse.notes = task.notes ?? null;
  if (edit.due !== undefined) inverse.due = task.due ?? null;
  if (edit.status !== undefined) {
    inverse.status = task.status ?? 'needsAction';
    if (task.status === 'completed' && task.completed) inverse.completed = task.completed;
  }
  return inverse;
}

function localChanges(edit: TaskEdit): Partial<TaskItem> {
  const local: Partial<TaskItem> = {};
  if (edit.title !== undefined) local.title = edit.title;
  if (edit.notes !== undefined) local.notes = edit.notes ?? undefined;
  if (edit.due !== undefined) local.due = edit.due ?? undefined;
  if (edit.status !== undefined) {
    local.status = edit.status;
    local.completed = edit.status === 'completed' ? (edit.completed ?? new Date().toISOString()) : undefined;
  }
  return local;
}

function describeEdit(task: TaskItem, edit: TaskEdit): string {
  const keys = Object.keys(edit).filter((key) => key !== 'completed');
  if (keys.length === 1 && edit.status !== undefined) {
    return edit.status === 'completed' ? `Completed ${quoted(task)}` : `Marked ${quoted(task)} not completed`;
  }
  if (keys.length === 1 && edit.due) return `${quoted(task)} is now due ${dueDay.format(new Date(edit.due))}`;
  return `Saved ${quoted({ title: edit.title ?? task.title })}`;
}

const dueDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** Patches a task; `undoable` offers Undo in the toast (an Undo itself is not offered again). */
export async function editTask(
  listId: string,
  task: TaskItem,
  edit: TaskEdit,
  undoable = true,
  onFailure?: () => void,
): Promise<void> {
  await runOptimisticMutation(
    {
      apply: () => [tasksOf(listId, (page) => patchInPage(page, shownId(task.id), localChanges(edit)))],
      call: async () => callApi('TasksTasksPatch', { tasklist: listId, task: await serviceId(task.id) }, edit),
      failure: () => {
        onFailure?.();
        return `Couldn’t save ${quoted(task)}.`;
      },
      success: (saved) => {
        const message = describeEdit(task, edit);
        // A toast is announced by itself; without one, the board's status line says it.
        if (!undoable) {
          announce(`${message}.`);
          return undefined;
        }
        const after: TaskItem = { ...task, ...saved, id: task.id };
        return { message, undo: () => editTask(listId, after, inverseEdit(task, edit), false) };
      },
    },
    undefined,
  );
}

/** Completions this far apart or closer were one act: a task and the subtasks completed with it. */
const completedTogetherMs = 60_000;

/**
 * Completes a task, or marks it not completed, keeping a task and its subtasks together as Google
 * Tasks and Todoist do. Completing a task completes its open subtasks with it (a subtask left open
 * would show on its own, cut off from its task). Reopening a task reopens the subtasks completed with
 * it, and the completed tasks it is under (an open subtask under a completed task would be cut off
 * the same way). Either is one change, and Undo takes back all of it.
 */
export async function setCompleted(listId: string, task: TaskItem, completed: boolean): Promise<void> {
  const id = shownId(task.id);
  const cached = cachedListTasks(listId);
  const subtree = subtreeOf(cached, id).slice(1);
  if (completed) {
    const open = subtree.filter((t) => t.status !== 'completed');
    if (open.length === 0) return editTask(listId, task, { status: 'completed' });
    return setStatusOfAll(listId, task, { above: [], below: open }, 'completed', true);
  }
  const byId = new Map(cached.map((t) => [t.id, t]));
  const above: TaskItem[] = [];
  for (let parent = task.parent ? byId.get(task.parent) : undefined; parent;) {
    if (parent.status === 'completed') above.unshift(parent);
    parent = parent.parent ? byId.get(parent.parent) : undefined;
  }
  const completedAt = Date.parse(task.completed ?? '');
  const below = subtree.filter((t) => {
    if (t.status !== 'completed') return false;
    const at = Date.parse(t.completed ?? '');
    return !Number.isFinite(at) || !Number.isFinite(completedAt) || Math.abs(at - completedAt) <= completedTogetherMs;
  });
  if (above.length === 0 && below.length === 0) return editTask(listId, task, { status: 'needsAction' });
  return setStatusOfAll(listId, task, { above, below }, 'needsAction', true);
}

/** "“Plan trip”, the task it is under and its 2 subtasks". */
function describeTogether(task: TaskItem, above: number, below: number): string {
  const parts = [quoted(task)];
  if (above > 0) parts.push(above === 1 ? 'the task it is under' : `the ${above} tasks it is under`);
  if (below > 0) parts.push(below === 1 ? 'its subtask' : `its ${below} subtasks`);
  return parts.length === 3 ? `${parts[0]}, ${parts[1]} and ${parts[2]}` : parts.join(' and ');
}

/**
 * One status for `task`, the tasks it is under (`above`, outermost first) and its subtasks (`below`,
 * parents first), as one change with Undo.
 */
async function setStatusOfAll(
  listId: string,
  task: TaskItem,
  related: { above: readonly TaskItem[]; below: readonly TaskItem[] },
  status: 'completed' | 'needsAction',
  undoable: boolean,
): Promise<void> {
  const tasks = [...related.above, task, ...related.below];
  const local = localChanges({ status });
  await runOptimisticMutation(
    {
      apply: () => [
        tasksOf(listId, (page) => tasks.reduce((next, t) => patchInPage(next, shownId(t.id), local), page)),
      ],
      // Subtasks before their task when completing, so a failure part-way never leaves a completed task
      // over open subtasks; outermost first when reopening, for the same reason.
      call: async () => {
        for (const t of status === 'completed' ? [...tasks].reverse() : tasks) {
          await callApi('TasksTasksPatch', { tasklist: listId, task: await serviceId(t.id) }, { status });
        }
      },
      failure: () =>
        status === 'completed' ? `Couldn’t complete ${quoted(task)}.` : `Couldn’t reopen ${quoted(task)}.`,
      success: () => {
        const what = describeTogether(task, related.above.length, related.below.length);
        const message = status === 'completed' ? `Completed ${what}` : `Marked ${what} not completed`;
        if (!undoable) {
          announce(`${message}.`);
          return undefined;
        }
        const after = (list: readonly TaskItem[]) => list.map((t) => ({ ...t, ...local }));
        const back = { above: after(related.above), below: after(related.below) };
        return {
          message,
          undo: () =>
            setStatusOfAll(
              listId,
              { ...task, ...local },
              back,
              status === 'completed' ? 'needsAction' : 'completed',
              false,
            ),
        };
      },
    },
    undefined,
  );
}

/**
 * Moves a task to another due day (`YYYY-MM-DD`; Tasks keeps it as that day at midnight UTC), with
 * Undo. `onFailure` runs if the service refuses, after the cached copy is put back.
 */
export function setDueDate(listId: string, task: TaskItem, date: string, onFailure?: () => void): Promise<void> {
  return editTask(listId, task, { due: `${date}T00:00:00.000Z` }, true, onFailure);
}

export async function deleteTask(listId: string, task: TaskItem): Promise<void> {
  const subtree = cachedSubtree(listId, shownId(task.id));
  const subtasks = subtree.length - 1;
  await runOptimisticMutation(
    {
      apply: () => [tasksOf(listId, (page) => removeSubtreeFromPage(page, shownId(task.id)))],
      call: async () => callApi('TasksTasksDelete', { tasklist: listId, task: await serviceId(task.id) }),
      failure: () => `Couldn’t delete ${quoted(task)}; it’s back in the list.`,
      success: () => {
        const message =
          subtasks > 0
            ? `Deleted ${quoted(task)} and ${subtasks === 1 ? 'its subtask' : `its ${subtasks} subtasks`}`
            : `Deleted ${quoted(task)}`;
        const deleted = { ...task, id: shownId(task.id) };
        return { message, undo: () => restoreTask(listId, deleted, subtree.length > 0 ? subtree : [deleted]) };
      },
    },
    undefined,
  );
}

/**
 * Clocks of a deleted task and of the subtasks deleted with it may differ by the time one write
 * takes; a subtask deleted on its own earlier is further apart and stays deleted.
 */
const sameDeletionMs = 2000;

/** Which tasks deleting `rootId` deleted: the root and the subtasks deleted at the same moment. */
export function deletedTogether(tasks: readonly TaskItem[], rootId: string): TaskItem[] {
  const subtree = subtreeOf(tasks, rootId);
  const root = subtree[0];
  if (!root?.deleted) return [];
  const at = Date.parse(root.updated ?? '');
  return subtree.filter(
    (t) => t.deleted && (t.id === rootId || Math.abs(Date.parse(t.updated ?? '') - at) <= sameDeletionMs),
  );
}

const views = [false, true].flatMap((showCompleted) =>
  [false, true].map((showHidden) => ({ showCompleted, showHidden })),
);

/** Takes back a deletion: the task comes back where it was, with the subtasks deleted along with it. */
export async function restoreTask(
  listId: string,
  task: TaskItem,
  subtree: readonly TaskItem[] = [task],
): Promise<void> {
  await runOptimisticMutation(
    {
      // Until the service answers, the tasks show again from the copies the board had.
      apply: () =>
        views.map((view) =>
          tasksOf(
            listId,
            (page) => {
              const present = new Set(itemsOf(page).map((t) => t.id));
              const back = subtree.filter(
                (t) =>
                  !present.has(t.id) &&
                  (view.showCompleted || t.status !== 'completed') &&
                  (view.showHidden || !t.hidden),
              );
              return { ...page, items: [...itemsOf(page), ...back] };
            },
            view,
          ),
        ),
      call: async () => {
        const restoring = deletedTogether(await fetchListWithDeleted(listId), task.id);
        if (restoring.length === 0) throw new Error('The task is no longer among the deleted tasks of this list.');
        // Parents first: a subtask only shows once its parent is back.
        for (const t of restoring) {
          await callApi('TasksTasksPatch', { tasklist: listId, task: t.id }, { deleted: false });
        }
        return restoring.length;
      },
      failure: () => `Couldn’t restore ${quoted(task)}.`,
      success: (count) => {
        const others = count - 1;
        const message = `Restored ${quoted(task)}${others > 0 ? ` and ${others === 1 ? 'its subtask' : `its ${others} subtasks`}` : ''}`;
        return { message };
      },
    },
    undefined,
  );
}

export async function clearCompleted(listId: string, title: string): Promise<void> {
  const completed = (t: TaskItem) => t.status === 'completed';
  await runOptimisticMutation(
    {
      apply: () => [
        tasksOf(listId, (page) => ({ ...page, items: itemsOf(page).filter((t) => !completed(t)) }), {
          showHidden: false,
        }),
        tasksOf(
          listId,
          (page) => ({ ...page, items: itemsOf(page).map((t) => (completed(t) ? { ...t, hidden: true } : t)) }),
          { showHidden: true },
        ),
      ],
      call: () => callApi('TasksTasksClear', { tasklist: listId }),
      failure: () => `Couldn’t clear the completed tasks of “${title}”.`,
      success: () => {
        announce(`Completed tasks cleared from “${title}”.`);
        return undefined;
      },
    },
    undefined,
  );
}

/** Where a task sits among its siblings: what a move back needs. */
function placeOf(listId: string, task: TaskItem): Destination {
  const siblings = siblingsOf(cachedListTasks(listId), task.parent === undefined ? undefined : shownId(task.parent));
  const index = siblings.findIndex((t) => t.id === shownId(task.id));
  const previous = index > 0 ? siblings[index - 1]?.id : undefined;
  return {
    listId,
    ...(task.parent === undefined ? {} : { parent: task.parent }),
    ...(previous === undefined ? {} : { previous }),
  };
}

/** Moves a task within its list (TasksTasksMove); its subtasks go with it. */
export async function moveTask(
  listId: string,
  task: TaskItem,
  to: Destination,
  description: string,
  undoable = true,
): Promise<void> {
  const from = placeOf(listId, task);
  await runOptimisticMutation(
    {
      apply: () => [tasksOf(listId, (page) => moveInPage(page, shownId(task.id), shownDestination(to)))],
      call: async () => {
        const [id, place] = await Promise.all([serviceId(task.id), serviceDestination(to)]);
        return callApi('TasksTasksMove', {
          tasklist: listId,
          task: id,
          ...(place.parent === undefined ? {} : { parent: place.parent }),
          ...(place.previous === undefined ? {} : { previous: place.previous }),
        });
      },
      failure: () => `Couldn’t move ${quoted(task)}; it’s back where it was.`,
      success: (moved) => {
        if (!undoable) {
          announce(description);
          return undefined;
        }
        const after: TaskItem = { ...task, ...moved, id: task.id };
        return {
          message: description.replace(/\.$/, ''),
          undo: () => moveTask(listId, after, from, `${quoted(task)} moved back.`, false),
        };
      },
    },
    undefined,
  );
}

/** Moves a task with its subtasks to another list (the core runs the move, see transfer.ts). */
export async function transferTask(
  fromListId: string,
  task: TaskItem,
  sourceTasks: readonly TaskItem[],
  to: Destination,
  description: string,
  undoable = true,
): Promise<void> {
  const subtree = subtreeOf(sourceTasks, shownId(task.id));
  const copyIds = new Map(subtree.map((t) => [t.id, temporaryId(t.id)]));
  // Each copy can be changed at once; those changes go out with the ids the service gives.
  const copies = new Map([...copyIds].map(([id, copy]) => [id, awaitId(copy)]));
  const from = placeOf(fromListId, task);
  await runOptimisticMutation(
    {
      apply: () => [
        tasksOf(fromListId, (page) => removeSubtreeFromPage(page, shownId(task.id))),
        tasksOf(to.listId, (page) =>
          insertSubtreeInPage(page, subtree, shownDestination(to), (id) => copyIds.get(id) ?? id),
        ),
      ],
      call: async () => {
        try {
          const [id, place] = await Promise.all([serviceId(task.id), serviceDestination(to)]);
          const movedId = await transferSubtree(fromListId, id, place);
          // The service's own move keeps every id; a copy made where there is none gives new ones,
          // of which only the task's own is known here (its subtasks' arrive with the refetch).
          for (const [original, copy] of copies) {
            if (original === subtree[0]?.id) copy.resolve(movedId);
            else if (movedId === id) copy.resolve(original);
            else
              copy.reject(new Error('The subtask was copied under a new id; try again once it shows in its new list.'));
          }
          return movedId;
        } catch (error) {
          for (const copy of copies.values()) copy.reject(error);
          throw error;
        }
      },
      refetch: () => [{ queryKey: apiQueryPrefix('TasksTasksList') }],
      failure: () => `Couldn’t move ${quoted(task)}; it’s back where it was.`,
      success: (copyId) => {
        if (!undoable) {
          announce(description);
          return undefined;
        }
        return {
          message: description.replace(/\.$/, ''),
          undo: () => {
            const copy: TaskItem = { ...task, id: copyId, ...(to.parent ? { parent: to.parent } : {}) };
            const current = cachedListTasks(to.listId);
            const known = current.some((t) => t.id === copyId) ? current : [...current, copy];
            return transferTask(to.listId, copy, known, from, `${quoted(task)} moved back.`, false);
          },
        };
      },
    },
    undefined,
  );
}
