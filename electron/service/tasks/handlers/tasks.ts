import { badRequest, conflict, notFound } from '../../http/api-error';
import { defineHandlers } from '../../http/handler';
import { TaskHttpRequest } from '../../../../shared/api/schemas/tasks';
import { checkMergedFields, mergedPatchFields } from '../../http/merge-patch';
import type { User } from '../../store/users';
import { etagOf, newId } from '../domain/ids';
import { encodePageToken, pageOffset } from '../domain/page-token';
import type { TaskRow, TasksRepository } from '../domain/repository';
import { toTaskResource } from '../domain/resources';
import { alreadyPlaced, placementFor, positionFor } from '../domain/task-placement';
import { readTaskBody, type TaskChanges } from '../domain/task-input';
import type { TasksState } from '../domain/tasks-state';
import { filterTasks, type TaskFilter } from '../domain/task-filter';
import { formatMillis, parseInstant } from '../domain/time-formats';

/** What a handler names a task by: its list and its id. */
interface TaskTarget {
  readonly user: User;
  readonly params: { readonly tasklist: string; readonly task: string };
}

function existingTask(repo: TasksRepository, listId: string, ctx: TaskTarget): TaskRow {
  const row = repo.taskById(listId, ctx.params.task);
  if (!row) throw notFound('Task not found.');
  return row;
}

/** A caller-chosen queue name is set once and unique among the user's tasks. */
function checkQueueName(
  repo: TasksRepository,
  ctx: { readonly user: User },
  changes: TaskChanges,
  current: TaskRow | null,
): void {
  const name = changes.queueName;
  if (name === undefined) return;
  if (current?.queue_name != null && current.queue_name !== name) {
    throw badRequest('invalid', "Invalid value for field 'name': the name of a task cannot be changed.");
  }
  const holder = repo.taskByQueueName(ctx.user.id, name);
  if (holder && holder.id !== current?.id) throw conflict(`A task named ${name} already exists.`);
}

/** The row after `changes`: status drives `completed` (set on completion, cleared when reopened). */
function applyChanges(base: TaskRow, changes: TaskChanges, now: string): TaskRow {
  const next: TaskRow = { ...base, updated: now, version: base.version + 1 };
  if (changes.title !== undefined) next.title = changes.title;
  if (changes.notes !== undefined) next.notes = changes.notes;
  if (changes.due !== undefined) next.due = changes.due;
  if (changes.deleted !== undefined) next.deleted = changes.deleted ? 1 : 0;
  if (changes.queueName !== undefined) next.queue_name = changes.queueName;
  if (changes.scheduleTime !== undefined) next.schedule_time = changes.scheduleTime;
  if (changes.dispatchDeadline !== undefined) next.dispatch_deadline = changes.dispatchDeadline;
  if (changes.platformHttpRequest !== undefined) next.platform_http_request = changes.platformHttpRequest;
  next.status = changes.status ?? base.status;
  if (next.status === 'completed') {
    const kept = base.status === 'completed' ? base.completed : null;
    next.completed = changes.completed ?? kept ?? now;
  } else {
    next.completed = null;
    // A reopened task is no longer one that was completed when the list was cleared.
    next.hidden = 0;
  }
  return next;
}

/** A time bound in the stored `...000Z` form, for string comparison. */
function instantBound(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const at = parseInstant(value);
  if (!at)
    throw badRequest('invalid', `Invalid value for parameter ${name}: '${value}' is not an RFC 3339 timestamp.`, name);
  return formatMillis(at);
}

function writeTask(tasks: TasksState, ctx: TaskTarget & { readonly body: unknown }, mode: 'full' | 'patch') {
  // Read once before anything is looked up, so a bad body is a 400 whatever the ids say.
  let changes = readTaskBody(ctx.body, mode);
  const row = tasks.write(() => {
    const list = tasks.taskList(ctx.user.id, ctx.params.tasklist);
    const current = existingTask(tasks.repo, list.id, ctx);
    if (mode === 'patch') {
      const merged = mergedPatchFields(toTaskResource(current, tasks.service.baseUrl()), ctx.body);
      // The request's headers are a keyed map: a patch adds to those stored, so the total is checked.
      checkMergedFields(merged, { platformHttpRequest: TaskHttpRequest });
      changes = readTaskBody(merged, mode);
    }
    checkQueueName(tasks.repo, ctx, changes, current);
    const next = applyChanges(current, changes, formatMillis(tasks.service.now()));
    tasks.repo.replaceTask(next);
    return next;
  });
  return { body: toTaskResource(row, tasks.service.baseUrl()) };
}

export const taskHandlers = defineHandlers<TasksState>({
  TasksTasksGet(ctx, tasks) {
    const list = tasks.taskList(ctx.user.id, ctx.params.tasklist);
    return { body: toTaskResource(existingTask(tasks.repo, list.id, ctx), tasks.service.baseUrl()) };
  },

  TasksTasksList(ctx, tasks) {
    const p = ctx.params;
    const filter: TaskFilter = {
      showCompleted: p.showCompleted,
      showDeleted: p.showDeleted,
      showHidden: p.showHidden,
      completedMin: instantBound(p.completedMin, 'completedMin'),
      completedMax: instantBound(p.completedMax, 'completedMax'),
      dueMin: instantBound(p.dueMin, 'dueMin'),
      dueMax: instantBound(p.dueMax, 'dueMax'),
      updatedMin: instantBound(p.updatedMin, 'updatedMin'),
    };
    const size = p.maxResults;
    const list = tasks.taskList(ctx.user.id, p.tasklist);
    const scope = `tasks:${list.id}`;
    const offset = pageOffset(p.pageToken, scope);
    const matching = filterTasks(tasks.repo.outlineOf(list.id), filter);
    const pageIds = matching.slice(offset, offset + size).map((r) => r.id);
    const rows = new Map(tasks.repo.tasksByIds(list.id, pageIds).map((r) => [r.id, r]));
    const items = pageIds.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toTaskResource(row, tasks.service.baseUrl())] : [];
    });
    return {
      body: {
        kind: 'tasks#tasks',
        etag: etagOf('tasks', list.id, ...items.map((i) => i.etag)),
        ...(offset + size < matching.length
          ? { nextPageToken: encodePageToken({ scope, offset: offset + size }) }
          : {}),
        items,
      },
    };
  },

  TasksTasksInsert(ctx, tasks) {
    const changes = readTaskBody(ctx.body, 'full');
    const { parent, previous } = ctx.params;
    const row = tasks.write(() => {
      const list = tasks.taskList(ctx.user.id, ctx.params.tasklist);
      checkQueueName(tasks.repo, ctx, changes, null);
      const placement = placementFor(tasks.repo, list.id, null, parent, previous);
      const now = tasks.service.now();
      const blank: TaskRow = {
        id: newId(),
        list_id: list.id,
        user_id: ctx.user.id,
        parent_id: placement.parentId,
        position: positionFor(placement),
        title: '',
        notes: null,
        status: 'needsAction',
        due: null,
        completed: null,
        deleted: 0,
        hidden: 0,
        links: '[]',
        updated: formatMillis(now),
        created: formatMillis(now),
        version: 0,
        queue_name: null,
        schedule_time: null,
        dispatch_deadline: null,
        platform_http_request: null,
      };
      const created = applyChanges(blank, changes, formatMillis(now));
      tasks.repo.insertTask(created);
      return created;
    });
    return { body: toTaskResource(row, tasks.service.baseUrl()) };
  },

  TasksTasksMove(ctx, tasks) {
    const { parent, previous, destinationTasklist: destination } = ctx.params;
    const row = tasks.write(() => {
      const list = tasks.taskList(ctx.user.id, ctx.params.tasklist);
      const task = existingTask(tasks.repo, list.id, ctx);
      const target = destination === undefined ? list : tasks.taskList(ctx.user.id, destination);
      const placement = placementFor(tasks.repo, target.id, task.id, parent, previous);
      if (target.id === list.id && alreadyPlaced(task, placement)) return task;
      const moved: TaskRow = {
        ...task,
        list_id: target.id,
        parent_id: placement.parentId,
        position: positionFor(placement),
        updated: formatMillis(tasks.service.now()),
        version: task.version + 1,
      };
      // Within a list only the moved task's row changes: its subtasks follow through their parent
      // reference. Into another list, the subtasks go along with it.
      if (target.id !== list.id) tasks.repo.moveSubtreeToList(list.id, task.id, target.id);
      tasks.repo.moveTask(moved.list_id, moved.id, moved.parent_id, moved.position, moved.updated);
      return moved;
    });
    return { body: toTaskResource(row, tasks.service.baseUrl()) };
  },

  TasksTasksUpdate: (ctx, tasks) => writeTask(tasks, ctx, 'full'),
  TasksTasksPatch: (ctx, tasks) => writeTask(tasks, ctx, 'patch'),

  TasksTasksDelete(ctx, tasks) {
    tasks.write(() => {
      const list = tasks.taskList(ctx.user.id, ctx.params.tasklist);
      const task = existingTask(tasks.repo, list.id, ctx);
      tasks.repo.deleteSubtree(list.id, task.id, formatMillis(tasks.service.now()));
    });
    return { status: 204 };
  },

  TasksTasksClear(ctx, tasks) {
    tasks.write(() => {
      const list = tasks.taskList(ctx.user.id, ctx.params.tasklist);
      tasks.repo.hideCompleted(list.id, formatMillis(tasks.service.now()));
    });
    return { status: 204 };
  },
});
