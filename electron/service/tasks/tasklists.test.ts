import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, listAll, startTasksService, type TasksTestService } from './tasks-test-kit';

let t: TasksTestService;
beforeAll(async () => {
  t = await startTasksService();
});
afterAll(() => t.close());

describe('task lists (official client)', () => {
  it('provisions the default list "My Tasks", reachable as @default', async () => {
    const { data } = await t.api.tasklists.list();
    expect(data.kind).toBe('tasks#taskLists');
    expect(data.items?.map((l) => l.title)).toEqual(['My Tasks']);
    const byAlias = await t.api.tasklists.get({ tasklist: '@default' });
    expect(byAlias.data).toMatchObject({ kind: 'tasks#taskList', id: data.items?.[0]?.id, title: 'My Tasks' });
    expect(byAlias.data.selfLink).toBe(`${t.url}/tasks/v1/users/@me/lists/${data.items?.[0]?.id}`);
    expect(byAlias.data.etag).toMatch(/^".+"$/);
  });

  it('inserts, gets, updates and patches a list, changing etag and updated', async () => {
    t.clock.now = new Date('2024-05-02T08:00:00.000Z');
    const created = (
      await t.bob.tasklists.insert({ requestBody: { title: 'Groceries', id: 'ignored', kind: 'ignored' } })
    ).data;
    expect(created).toMatchObject({ kind: 'tasks#taskList', title: 'Groceries', updated: '2024-05-02T08:00:00.000Z' });
    expect(created.id).not.toBe('ignored');
    expect((await t.bob.tasklists.get({ tasklist: created.id! })).data).toEqual(created);

    t.clock.now = new Date('2024-05-02T09:00:00.000Z');
    const updated = (await t.bob.tasklists.update({ tasklist: created.id!, requestBody: { title: 'Shopping' } })).data;
    expect(updated).toMatchObject({ id: created.id, title: 'Shopping', updated: '2024-05-02T09:00:00.000Z' });
    expect(updated.etag).not.toBe(created.etag);

    const patched = (await t.bob.tasklists.patch({ tasklist: created.id!, requestBody: {} })).data;
    expect(patched.title).toBe('Shopping');
    const renamed = (await t.bob.tasklists.patch({ tasklist: created.id!, requestBody: { title: 'Market' } })).data;
    expect(renamed.title).toBe('Market');
  });

  it('pages with maxResults (default 20, at most 100) and nextPageToken', async () => {
    for (let i = 0; i < 24; i++)
      await t.api.tasklists.insert({ requestBody: { title: `List ${String(i).padStart(2, '0')}` } });
    const first = (await t.api.tasklists.list()).data;
    expect(first.items).toHaveLength(20);
    expect(first.nextPageToken).toBeTruthy();
    const second = (await t.api.tasklists.list({ pageToken: first.nextPageToken! })).data;
    expect(second.items).toHaveLength(5);
    expect(second.nextPageToken).toBeUndefined();
    const titles = [...first.items!, ...second.items!].map((l) => l.title);
    expect(new Set(titles).size).toBe(25);
    const small = (await t.api.tasklists.list({ maxResults: 7 })).data;
    expect(small.items).toHaveLength(7);
    await expectApiError(t.api.tasklists.list({ maxResults: 101 }), 400);
    await expectApiError(t.api.tasklists.list({ pageToken: 'not-a-token' }), 400);
  });

  it('deleting a list deletes its tasks', async () => {
    const list = (await t.api.tasklists.insert({ requestBody: { title: 'Doomed' } })).data;
    const task = (await t.api.tasks.insert({ tasklist: list.id!, requestBody: { title: 'inside' } })).data;
    const deleted = await t.api.tasklists.delete({ tasklist: list.id! });
    expect(deleted.status).toBe(204);
    await expectApiError(t.api.tasklists.get({ tasklist: list.id! }), 404, 'notFound');
    await expectApiError(t.api.tasks.get({ tasklist: list.id!, task: task.id! }), 404, 'notFound');
    const remaining = t.service.context.store.db
      .prepare('SELECT COUNT(*) AS n FROM tasks_items WHERE id = ?')
      .get(task.id) as { n: number };
    expect(remaining.n).toBe(0);
  });

  it('answers 404 for an unknown list and for another user’s list, changing nothing', async () => {
    await expectApiError(t.api.tasklists.get({ tasklist: 'no-such-list' }), 404, 'notFound');
    const mine = (await t.api.tasklists.get({ tasklist: '@default' })).data;
    await t.api.tasks.insert({ tasklist: mine.id!, requestBody: { title: 'private' } });
    await expectApiError(t.bob.tasklists.get({ tasklist: mine.id! }), 404);
    await expectApiError(t.bob.tasklists.patch({ tasklist: mine.id!, requestBody: { title: 'hijack' } }), 404);
    await expectApiError(t.bob.tasklists.delete({ tasklist: mine.id! }), 404);
    await expectApiError(t.bob.tasks.list({ tasklist: mine.id! }), 404);
    expect((await t.api.tasklists.get({ tasklist: mine.id! })).data).toEqual(mine);
    expect((await listAll(t.api, mine.id!)).map((x) => x.title)).toContain('private');
  });

  it('refuses a title of the wrong type or too long', async () => {
    const before = (await t.api.tasklists.list({ maxResults: 100 })).data.items?.length;
    await expectApiError(t.api.tasklists.insert({ requestBody: { title: 'x'.repeat(1025) } }), 400, 'invalid');
    await expectApiError(t.api.tasklists.insert({ requestBody: { title: 42 as unknown as string } }), 400, 'invalid');
    expect((await t.api.tasklists.list({ maxResults: 100 })).data.items?.length).toBe(before);
  });
});
