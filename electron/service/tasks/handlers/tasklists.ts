import { defineHandlers, type Handlers } from '../../http/handler';
import type { User } from '../../store/users';
import { etagOf, newId } from '../domain/ids';
import { encodePageToken, pageOffset } from '../domain/page-token';
import { toTaskListResource } from '../domain/resources';
import { readTaskListBody } from '../domain/task-input';
import type { TasksState } from '../domain/tasks-state';
import { formatMillis } from '../domain/time-formats';

export const defaultTaskListTitle = 'My Tasks';

export function taskListHandlers(tasks: TasksState): Handlers {
  const { service, repo } = tasks;

  function writeTitle(ctx: { user: User; params: { tasklist: string }; body: unknown }, mode: 'full' | 'patch') {
    const { title } = readTaskListBody(ctx.body, mode);
    const row = tasks.write(() => {
      const list = tasks.taskList(ctx.user.id, ctx.params.tasklist);
      if (title === undefined) return list;
      const updated = formatMillis(service.now());
      repo.updateList(list.id, title, updated);
      return repo.listById(ctx.user.id, list.id)!;
    });
    return { body: toTaskListResource(row, service.baseUrl()) };
  }

  return defineHandlers({
    TasksTasklistsGet(ctx) {
      return { body: toTaskListResource(tasks.taskList(ctx.user.id, ctx.params.tasklist), service.baseUrl()) };
    },

    TasksTasklistsList(ctx) {
      const size = ctx.params.maxResults;
      const scope = `lists:${ctx.user.id}`;
      const offset = pageOffset(ctx.params.pageToken, scope);
      // One row more than the page tells whether another page follows.
      const rows = repo.listsOf(ctx.user.id, offset, size + 1);
      const items = rows.slice(0, size).map((r) => toTaskListResource(r, service.baseUrl()));
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
      const row = tasks.write(() =>
        repo.insertList({
          id: newId(),
          user_id: ctx.user.id,
          title,
          is_default: 0,
          updated: formatMillis(service.now()),
        }),
      );
      return { body: toTaskListResource(row, service.baseUrl()) };
    },

    TasksTasklistsUpdate: (ctx) => writeTitle(ctx, 'full'),
    TasksTasklistsPatch: (ctx) => writeTitle(ctx, 'patch'),

    TasksTasklistsDelete(ctx) {
      tasks.write(() => repo.deleteList(tasks.taskList(ctx.user.id, ctx.params.tasklist).id));
      return { status: 204 };
    },
  });
}
