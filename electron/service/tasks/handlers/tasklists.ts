import { defineHandlers } from '../../http/handler';
import type { User } from '../../store/users';
import { etagOf, newId } from '../domain/ids';
import { encodePageToken, pageOffset } from '../domain/page-token';
import { toTaskListResource } from '../domain/resources';
import { readTaskListBody } from '../domain/task-input';
import type { TasksState } from '../domain/tasks-state';
import { formatMillis } from '../domain/time-formats';

export const defaultTaskListTitle = 'My Tasks';

function writeTitle(
  tasks: TasksState,
  ctx: { user: User; params: { tasklist: string }; body: unknown },
  mode: 'full' | 'patch',
) {
  const { title } = readTaskListBody(ctx.body, mode);
  const row = tasks.write(() => {
    const list = tasks.taskList(ctx.user.id, ctx.params.tasklist);
    if (title === undefined) return list;
    const updated = formatMillis(tasks.service.now());
    tasks.repo.updateList(list.id, title, updated);
    return tasks.repo.listById(ctx.user.id, list.id)!;
  });
  return { body: toTaskListResource(row, tasks.service.baseUrl()) };
}

export const taskListHandlers = defineHandlers<TasksState>({
  TasksTasklistsGet(ctx, tasks) {
    return { body: toTaskListResource(tasks.taskList(ctx.user.id, ctx.params.tasklist), tasks.service.baseUrl()) };
  },

  TasksTasklistsList(ctx, tasks) {
    const size = ctx.params.maxResults;
    const scope = `lists:${ctx.user.id}`;
    const offset = pageOffset(ctx.params.pageToken, scope);
    // One row more than the page tells whether another page follows.
    const rows = tasks.repo.listsOf(ctx.user.id, offset, size + 1);
    const items = rows.slice(0, size).map((r) => toTaskListResource(r, tasks.service.baseUrl()));
    return {
      body: {
        kind: 'tasks#taskLists',
        etag: etagOf('lists', ...items.map((i) => i.etag)),
        ...(rows.length > size ? { nextPageToken: encodePageToken({ scope, offset: offset + size }) } : {}),
        items,
      },
    };
  },

  TasksTasklistsInsert(ctx, tasks) {
    const { title = '' } = readTaskListBody(ctx.body, 'full');
    const row = tasks.write(() =>
      tasks.repo.insertList({
        id: newId(),
        user_id: ctx.user.id,
        title,
        is_default: 0,
        updated: formatMillis(tasks.service.now()),
      }),
    );
    return { body: toTaskListResource(row, tasks.service.baseUrl()) };
  },

  TasksTasklistsUpdate: (ctx, tasks) => writeTitle(tasks, ctx, 'full'),
  TasksTasklistsPatch: (ctx, tasks) => writeTitle(tasks, ctx, 'patch'),

  TasksTasklistsDelete(ctx, tasks) {
    tasks.write(() => tasks.repo.deleteList(tasks.taskList(ctx.user.id, ctx.params.tasklist).id));
    return { status: 204 };
  },
});
