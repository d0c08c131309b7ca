import { notFound } from '../http/api-error';
import type { HandlerMap, RequestContext } from '../http/handler';
import { etagOf, newId } from './ids';
import { encodePageToken, pageOffset, pageSizeParam, requiredString } from './params';
import { tasksRepository, type TaskListRow } from './repository';
import { toTaskListResource } from './resources';
import { readTaskListBody } from './task-input';
import { formatMillis } from './time-formats';

export const defaultTaskListTitle = 'My Tasks';

/** The task list a `tasklist` parameter names (`@default` = the user's default list), or 404. */
export function resolveTaskList(ctx: RequestContext): TaskListRow {
  return resolveTaskListId(ctx, requiredString(ctx.params, 'tasklist'));
}

export function resolveTaskListId(ctx: RequestContext, id: string): TaskListRow {
  const repo = tasksRepository(ctx.service.store);
  const row = id === '@default' ? repo.defaultList(ctx.user.id) : repo.listById(ctx.user.id, id);
  if (!row) throw notFound('Task list not found.');
  return row;
}

export const taskListHandlers: HandlerMap = {
  TasksTasklistsGet(ctx) {
    return { body: toTaskListResource(resolveTaskList(ctx), ctx.service.baseUrl()) };
  },

  TasksTasklistsList(ctx) {
    const size = pageSizeParam(ctx.params);
    const scope = `lists:${ctx.user.id}`;
    const offset = pageOffset(ctx.params, scope);
    // One row more than the page tells whether another page follows.
    const rows = tasksRepository(ctx.service.store).listsOf(ctx.user.id, offset, size + 1);
    const items = rows.slice(0, size).map((r) => toTaskListResource(r, ctx.service.baseUrl()));
    return {
      body: {
        kind: 'tasks#taskLists',
        etag: etagOf('lists', ...items.map((i) => i.etag)),
        ...(rows.length > size ? { nextPageToken: encodePageToken({ scope, offset: offset + size }) } : {}),
        items,
      },
    };
  },

  TasksTasklistsInsert(ctx) {
    const { title = '' } = readTaskListBody(ctx.body, 'full');
    const store = ctx.service.store;
    const row = store.transaction(() =>
      tasksRepository(store).insertList({
        id: newId(),
        user_id: ctx.user.id,
        title,
        is_default: 0,
        updated: formatMillis(ctx.service.now()),
      }),
    );
    return { body: toTaskListResource(row, ctx.service.baseUrl()) };
  },

  TasksTasklistsUpdate: (ctx) => writeTitle(ctx, 'full'),
  TasksTasklistsPatch: (ctx) => writeTitle(ctx, 'patch'),

  TasksTasklistsDelete(ctx) {
    const store = ctx.service.store;
    store.transaction(() => tasksRepository(store).deleteList(resolveTaskList(ctx).id));
    return { status: 204 };
  },
};

function writeTitle(ctx: RequestContext, mode: 'full' | 'patch') {
  const { title } = readTaskListBody(ctx.body, mode);
  const store = ctx.service.store;
  const row = store.transaction(() => {
    const list = resolveTaskList(ctx);
    if (title === undefined) return list;
    const updated = formatMillis(ctx.service.now());
    const repo = tasksRepository(store);
    repo.updateList(list.id, title, updated);
    return repo.listById(ctx.user.id, list.id)!;
  });
  return { body: toTaskListResource(row, ctx.service.baseUrl()) };
}
