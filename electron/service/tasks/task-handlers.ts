import { badRequest, conflict, notFound } from '../http/api-error';
import type { HandlerMap, RequestContext } from '../http/handler';
import { mergedPatchFields } from '../http/merge-patch';
import { etagOf, newId } from './ids';
import {
  booleanParam,
  encodePageToken,
  instantParam,
  optionalString,
  pageOffset,
  pageSizeParam,
  requiredString,
} from './params';
import { tasksRepository, type TaskRow, type TasksRepository } from './repository';
import { toTaskResource } from './resources';
import { alreadyPlaced, placementFor, positionFor } from './task-placement';
import { readTaskBody, type TaskChanges } from './task-input';
import { resolveTaskList, resolveTaskListId } from './tasklist-handlers';
import { filterTasks, type TaskFilter } from './task-filter';
import { formatMillis } from './time-formats';

function existingTask(repo: TasksRepository, listId: string, ctx: RequestContext): TaskRow {
  const row = repo.taskById(listId, requiredString(ctx.params, 'task'));
  if (!row) throw notFound('Task not found.');
  return row;
}

/** A caller-chosen queue name is set once and unique among the user's tasks. */
function checkQueueName(
  repo: TasksRepository,
  ctx: RequestContext,
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

function writeTask(ctx: RequestContext, mode: 'full' | 'patch') {
  // Read once before anything is looked up, so a bad body is a 400 whatever the ids say.
  let changes = readTaskBody(ctx.body, mode);
  const store = ctx.service.store;
  const row = store.transaction(() => {
    const repo = tasksRepository(store);
    const list = resolveTaskList(ctx);
    const current = existingTask(repo, list.id, ctx);
    if (mode === 'patch') {
      changes = readTaskBody(mergedPatchFields(toTaskResource(current, ctx.service.baseUrl()), ctx.body), mode);
    }
    checkQueueName(repo, ctx, changes, current);
    const next = applyChanges(current, changes, formatMillis(ctx.service.now()));
    repo.replaceTask(next);
    return next;
  });
  return { body: toTaskResource(row, ctx.service.baseUrl()) };
}

function readFilter(ctx: RequestContext): TaskFilter {
  const p = ctx.params;
  return {
    showCompleted: booleanParam(p, 'showCompleted', true),
    showDeleted: booleanParam(p, 'showDeleted', false),
    showHidden: booleanParam(p, 'showHidden', false),
    completedMin: instantParam(p, 'completedMin'),
    completedMax: instantParam(p, 'completedMax'),
    dueMin: instantParam(p, 'dueMin'),
    dueMax: instantParam(p, 'dueMax'),
    updatedMin: instantParam(p, 'updatedMin'),
  };
}

export const taskHandlers: HandlerMap = {
  TasksTasksGet(ctx) {
    const repo = tasksRepository(ctx.service.store);
    const list = resolveTaskList(ctx);
    return { body: toTaskResource(existingTask(repo, list.id, ctx), ctx.service.baseUrl()) };
  },

  TasksTasksList(ctx) {
    const filter = readFilter(ctx);
    const size = pageSizeParam(ctx.params);
    const list = resolveTaskList(ctx);
    const scope = `tasks:${list.id}`;
    const offset = pageOffset(ctx.params, scope);
    const repo = tasksRepository(ctx.service.store);
    const matching = filterTasks(repo.outlineOf(list.id), filter);
    const pageIds = matching.slice(offset, offset + size).map((r) => r.id);
    const rows = new Map(repo.tasksByIds(list.id, pageIds).map((r) => [r.id, r]));
    const items = pageIds.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toTaskResource(row, ctx.service.baseUrl())] : [];
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

  TasksTasksInsert(ctx) {
    const changes = readTaskBody(ctx.body, 'full');
    const parent = optionalString(ctx.params, 'parent');
    const previous = optionalString(ctx.params, 'previous');
    const store = ctx.service.store;
    const row = store.transaction(() => {
      const repo = tasksRepository(store);
      const list = resolveTaskList(ctx);
      checkQueueName(repo, ctx, changes, null);
      const placement = placementFor(repo, list.id, null, parent, previous);
      const now = ctx.service.now();
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
      repo.insertTask(created);
      return created;
    });
    return { body: toTaskResource(row, ctx.service.baseUrl()) };
  },

  TasksTasksMove(ctx) {
    const parent = optionalString(ctx.params, 'parent');
    const previous = optionalString(ctx.params, 'previous');
    const destination = optionalString(ctx.params, 'destinationTasklist');
    const store = ctx.service.store;
    const row = store.transaction(() => {
      const repo = tasksRepository(store);
      const list = resolveTaskList(ctx);
      const task = existingTask(repo, list.id, ctx);
      const target = destination === undefined ? list : resolveTaskListId(ctx, destination);
      const placement = placementFor(repo, target.id, task.id, parent, previous);
      if (target.id === list.id && alreadyPlaced(task, placement)) return task;
      const moved: TaskRow = {
        ...task,
        list_id: target.id,
        parent_id: placement.parentId,
        position: positionFor(placement),
        updated: formatMillis(ctx.service.now()),
        version: task.version + 1,
      };
      // Within a list only the moved task's row changes: its subtasks follow through their parent
      // reference. Into another list, the subtasks go along with it.
      if (target.id !== list.id) repo.moveSubtreeToList(list.id, task.id, target.id);
      repo.moveTask(moved.list_id, moved.id, moved.parent_id, moved.position, moved.updated);
      return moved;
    });
    return { body: toTaskResource(row, ctx.service.baseUrl()) };
  },

  TasksTasksUpdate: (ctx) => writeTask(ctx, 'full'),
  TasksTasksPatch: (ctx) => writeTask(ctx, 'patch'),

  TasksTasksDelete(ctx) {
    const store = ctx.service.store;
    store.transaction(() => {
      const repo = tasksRepository(store);
      const list = resolveTaskList(ctx);
      const task = existingTask(repo, list.id, ctx);
      repo.deleteSubtree(list.id, task.id, formatMillis(ctx.service.now()));
    });
    return { status: 204 };
  },

  TasksTasksClear(ctx) {
    const store = ctx.service.store;
    store.transaction(() => {
      const list = resolveTaskList(ctx);
      tasksRepository(store).hideCompleted(list.id, formatMillis(ctx.service.now()));
    });
    return { status: 204 };
  },
};
