import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { tasks_v1 } from '@googleapis/tasks';
import { pythonClientRequest, type PythonClientAnswer } from '../http/python-client-request';
import { defaultListId, startTasksService, type TasksTestService } from './tasks-test-kit';

/** A task with the queued-request fields the service also keeps. */
type Task = tasks_v1.Schema$Task & { platformHttpRequest?: Record<string, unknown> | null };

describe('Tasks partial updates and nulls (Python client wire shape and Node client)', () => {
  let t: TasksTestService;
  let listId: string;
  const tasksPath = () => `/tasks/v1/lists/${listId}/tasks`;
  const py = (method: string, path: string, body?: unknown): Promise<PythonClientAnswer> =>
    pythonClientRequest(t.url, 'me-token', method, path, body);
  const ok = (answer: PythonClientAnswer): Task => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Task;
  };

  beforeAll(async () => {
    t = await startTasksService();
    listId = await defaultListId(t.api);
  });
  afterAll(async () => t.close());

  const request = { httpMethod: 'POST', url: 'https://example.com/hook', headers: { 'X-A': '1' }, body: 'e30=' };

  it('reads a nested null on insert as "not set"', async () => {
    const created = ok(
      await py('POST', tasksPath(), {
        title: 'Inserted',
        notes: null,
        due: null,
        links: null,
        platformHttpRequest: { ...request, body: null, headers: { 'X-A': '1', 'X-B': null } },
      }),
    );
    expect(created.title).toBe('Inserted');
    expect(created).not.toHaveProperty('notes');
    expect(created.platformHttpRequest).toEqual({
      httpMethod: 'POST',
      url: 'https://example.com/hook',
      headers: { 'X-A': '1' },
    });
  });

  it('reads a nested null in a full update (PUT) as "not set"', async () => {
    const created = ok(await py('POST', tasksPath(), { title: 'Full', notes: 'old', platformHttpRequest: request }));
    const updated = ok(
      await py('PUT', `${tasksPath()}/${created.id!}`, {
        id: created.id,
        title: 'Full again',
        notes: null,
        platformHttpRequest: { httpMethod: 'PUT', url: null, headers: null },
      }),
    );
    expect(updated).not.toHaveProperty('notes');
    expect(updated.platformHttpRequest).toEqual({ httpMethod: 'PUT' });
  });

  it('merges a patched inner object, replaces nothing else and clears with null at any depth', async () => {
    const created = ok(await py('POST', tasksPath(), { title: 'Patch me', notes: 'n', platformHttpRequest: request }));
    const merged = ok(
      await py('PATCH', `${tasksPath()}/${created.id!}`, {
        platformHttpRequest: { httpMethod: 'PUT', headers: { 'X-B': '2' }, body: null },
      }),
    );
    expect(merged.title).toBe('Patch me');
    expect(merged.notes).toBe('n');
    expect(merged.platformHttpRequest).toEqual({
      httpMethod: 'PUT',
      url: 'https://example.com/hook',
      headers: { 'X-A': '1', 'X-B': '2' },
    });
    const cleared = ok(
      await py('PATCH', `${tasksPath()}/${created.id!}`, { notes: null, platformHttpRequest: { headers: null } }),
    );
    expect(cleared).not.toHaveProperty('notes');
    expect(cleared.platformHttpRequest).toEqual({ httpMethod: 'PUT', url: 'https://example.com/hook' });
    const gone = ok(await py('PATCH', `${tasksPath()}/${created.id!}`, { platformHttpRequest: null }));
    expect(gone).not.toHaveProperty('platformHttpRequest');
  });

  it('a bad patch changes nothing', async () => {
    const created = ok(await py('POST', tasksPath(), { title: 'Stable', platformHttpRequest: request }));
    const bad = await py('PATCH', `${tasksPath()}/${created.id!}`, { title: 5, platformHttpRequest: { url: null } });
    expect(bad.status).toBe(400);
    const after = ok(await py('GET', `${tasksPath()}/${created.id!}`));
    expect(after.platformHttpRequest).toEqual(request);
  });

  it('does the same through the official Node client, task lists included', async () => {
    const { data: created } = await t.api.tasks.insert({
      tasklist: listId,
      requestBody: { title: 'Node', notes: 'keep', platformHttpRequest: request } as Task,
    });
    const { data: patched }: { data: Task } = await t.api.tasks.patch({
      tasklist: listId,
      task: created.id!,
      requestBody: { platformHttpRequest: { url: null }, due: null } as Task,
    });
    expect(patched.notes).toBe('keep');
    expect(patched.platformHttpRequest).toEqual({ httpMethod: 'POST', headers: { 'X-A': '1' }, body: 'e30=' });
    const { data: list } = await t.api.tasklists.insert({ requestBody: { title: 'Nulls' } });
    const { data: renamed } = await t.api.tasklists.patch({
      tasklist: list.id!,
      requestBody: { title: 'Renamed', updated: null, selfLink: null } as tasks_v1.Schema$TaskList,
    });
    expect(renamed.title).toBe('Renamed');
  });
});
