import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError, insertInOrder, listAll, startTasksService, type TasksTestService } from './tasks-test-kit';

let t: TasksTestService;
let list: string;
beforeAll(async () => {
  t = await startTasksService();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.now = new Date('2024-05-01T10:00:00.000Z');
  list = (await t.api.tasklists.insert({ requestBody: { title: 'Work' } })).data.id!;
});

describe('task fields (official client)', () => {
  it('inserts a task with every writable field and returns the resource shape', async () => {
    const { data } = await t.api.tasks.insert({
      tasklist: list,
      requestBody: {
        title: 'Write report',
        notes: 'Quarterly numbers',
        due: '2024-05-10T15:30:00.000Z',
        status: 'needsAction',
      },
    });
    expect(data).toMatchObject({
      kind: 'tasks#task',
      title: 'Write report',
      notes: 'Quarterly numbers',
      status: 'needsAction',
      due: '2024-05-10T00:00:00.000Z',
      updated: '2024-05-01T10:00:00.000Z',
      links: [],
      selfLink: `${t.url}/tasks/v1/lists/${list}/tasks/${data.id}`,
    });
    expect(data.completed).toBeUndefined();
    expect(data.parent).toBeUndefined();
    expect(data.deleted).toBeFalsy();
    expect(data.hidden).toBeFalsy();
    expect(data.position).toEqual(expect.any(String));
    expect(data.etag).toMatch(/^".+"$/);
    expect((await t.api.tasks.get({ tasklist: list, task: data.id! })).data).toEqual(data);
  });

  it('keeps only the date of due: the written date, time discarded, midnight UTC on read', async () => {
    const cases: [string, string][] = [
      ['2024-05-10T23:30:00-05:00', '2024-05-10T00:00:00.000Z'],
      ['2024-05-10T00:00:00Z', '2024-05-10T00:00:00.000Z'],
      ['2024-12-31T12:34:56.789+09:00', '2024-12-31T00:00:00.000Z'],
    ];
    for (const [written, read] of cases) {
      const { data } = await t.api.tasks.insert({ tasklist: list, requestBody: { title: written, due: written } });
      expect(data.due).toBe(read);
    }
    const task = (
      await t.api.tasks.insert({ tasklist: list, requestBody: { title: 'x', due: '2024-01-01T00:00:00Z' } })
    ).data;
    const cleared = (await t.api.tasks.patch({ tasklist: list, task: task.id!, requestBody: { due: null } })).data;
    expect(cleared.due).toBeUndefined();
  });

  it('sets completed on completion, keeps it, and clears it when reopened', async () => {
    const task = (await t.api.tasks.insert({ tasklist: list, requestBody: { title: 'Ship' } })).data;
    t.clock.now = new Date('2024-05-03T12:00:00.000Z');
    const done = (await t.api.tasks.patch({ tasklist: list, task: task.id!, requestBody: { status: 'completed' } }))
      .data;
    expect(done).toMatchObject({
      status: 'completed',
      completed: '2024-05-03T12:00:00.000Z',
      updated: '2024-05-03T12:00:00.000Z',
    });
    t.clock.now = new Date('2024-05-04T12:00:00.000Z');
    const retitled = (await t.api.tasks.patch({ tasklist: list, task: task.id!, requestBody: { title: 'Ship it' } }))
      .data;
    expect(retitled.completed).toBe('2024-05-03T12:00:00.000Z');
    const reopened = (
      await t.api.tasks.patch({ tasklist: list, task: task.id!, requestBody: { status: 'needsAction' } })
    ).data;
    expect(reopened.status).toBe('needsAction');
    expect(reopened.completed).toBeUndefined();
    const given = (
      await t.api.tasks.insert({
        tasklist: list,
        requestBody: { title: 'Old', status: 'completed', completed: '2023-01-02T03:04:05.000Z' },
      })
    ).data;
    expect(given.completed).toBe('2023-01-02T03:04:05.000Z');
  });

  it('update replaces the writable fields, patch changes only those given', async () => {
    const task = (
      await t.api.tasks.insert({ tasklist: list, requestBody: { title: 'A', notes: 'n', due: '2024-06-01T00:00:00Z' } })
    ).data;
    const patched = (await t.api.tasks.patch({ tasklist: list, task: task.id!, requestBody: { notes: 'changed' } }))
      .data;
    expect(patched).toMatchObject({ title: 'A', notes: 'changed', due: '2024-06-01T00:00:00.000Z' });
    expect(patched.etag).not.toBe(task.etag);
    const updated = (
      await t.api.tasks.update({
        tasklist: list,
        task: task.id!,
        requestBody: { id: task.id, title: 'B', status: 'needsAction' },
      })
    ).data;
    expect(updated.title).toBe('B');
    expect(updated.notes).toBeUndefined();
    expect(updated.due).toBeUndefined();
    expect(updated.position).toBe(task.position);
  });

  it('ignores read-only fields on write (id, parent, position, hidden, links, selfLink)', async () => {
    const other = (await t.api.tasks.insert({ tasklist: list, requestBody: { title: 'other' } })).data;
    const task = (
      await t.api.tasks.insert({
        tasklist: list,
        requestBody: {
          id: 'mine',
          title: 'ro',
          parent: other.id,
          position: '000',
          hidden: true,
          links: [{ type: 'x', link: 'y' }],
          selfLink: 'z',
        },
      })
    ).data;
    expect(task.id).not.toBe('mine');
    expect(task.parent).toBeUndefined();
    expect(task.position).not.toBe('000');
    expect(task.hidden).toBeFalsy();
    expect(task.links).toEqual([]);
    expect(task.selfLink).toContain(task.id);
  });

  it('delete marks the task and its subtasks deleted; they show only with showDeleted', async () => {
    const [parent] = await insertInOrder(t.api, list, ['parent']);
    const [child] = await insertInOrder(t.api, list, ['child'], parent!.id!);
    await insertInOrder(t.api, list, ['keeper']);
    const answer = await t.api.tasks.delete({ tasklist: list, task: parent!.id! });
    expect(answer.status).toBe(204);
    expect((await listAll(t.api, list)).map((x) => x.title)).toEqual(['keeper']);
    const withDeleted = await listAll(t.api, list, { showDeleted: true });
    expect(
      withDeleted
        .filter((x) => x.deleted)
        .map((x) => x.id)
        .sort(),
    ).toEqual([parent!.id, child!.id].sort());
    expect((await t.api.tasks.get({ tasklist: list, task: child!.id! })).data.deleted).toBe(true);
    const undeleted = (await t.api.tasks.patch({ tasklist: list, task: parent!.id!, requestBody: { deleted: false } }))
      .data;
    expect(undeleted.deleted).toBeFalsy();
  });

  it('clear hides completed tasks; hidden ones show only with showHidden', async () => {
    const [a, b] = await insertInOrder(t.api, list, ['a', 'b', 'c']);
    await t.api.tasks.patch({ tasklist: list, task: a!.id!, requestBody: { status: 'completed' } });
    await t.api.tasks.patch({ tasklist: list, task: b!.id!, requestBody: { status: 'completed' } });
    expect((await t.api.tasks.clear({ tasklist: list })).status).toBe(204);
    expect((await listAll(t.api, list)).map((x) => x.title)).toEqual(['c']);
    const all = await listAll(t.api, list, { showHidden: true });
    expect(all.map((x) => [x.title, x.hidden ?? false])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
    // hidden is read-only: a write cannot unset it, reopening the task does.
    const still = (await t.api.tasks.patch({ tasklist: list, task: a!.id!, requestBody: { hidden: false } })).data;
    expect(still.hidden).toBe(true);
    const reopened = (await t.api.tasks.patch({ tasklist: list, task: a!.id!, requestBody: { status: 'needsAction' } }))
      .data;
    expect(reopened.hidden).toBeFalsy();
    expect((await listAll(t.api, list)).map((x) => x.title)).toEqual(['a', 'c']);
  });

  it('filters by completion, due and update times and by showCompleted', async () => {
    const [early, late, open] = await insertInOrder(t.api, list, ['early', 'late', 'open']);
    t.clock.now = new Date('2024-05-02T00:00:00.000Z');
    await t.api.tasks.patch({
      tasklist: list,
      task: early!.id!,
      requestBody: { status: 'completed', due: '2024-05-05T00:00:00Z' },
    });
    t.clock.now = new Date('2024-05-06T00:00:00.000Z');
    await t.api.tasks.patch({
      tasklist: list,
      task: late!.id!,
      requestBody: { status: 'completed', due: '2024-05-20T00:00:00Z' },
    });
    await t.api.tasks.patch({ tasklist: list, task: open!.id!, requestBody: { due: '2024-05-10T00:00:00Z' } });
    const titles = async (params: Parameters<typeof listAll>[2]) =>
      (await listAll(t.api, list, params)).map((x) => x.title);

    expect(await titles({ showCompleted: false })).toEqual(['open']);
    expect(await titles({ completedMin: '2024-05-03T00:00:00Z' })).toEqual(['late']);
    expect(await titles({ completedMax: '2024-05-03T00:00:00Z' })).toEqual(['early']);
    expect(await titles({ dueMin: '2024-05-06T00:00:00Z' })).toEqual(['late', 'open']);
    expect(await titles({ dueMax: '2024-05-10T00:00:00Z' })).toEqual(['early', 'open']);
    expect(await titles({ dueMin: '2024-05-06T00:00:00Z', dueMax: '2024-05-15T00:00:00Z' })).toEqual(['open']);
    expect(await titles({ updatedMin: '2024-05-05T00:00:00Z' })).toEqual(['late', 'open']);
    await expectApiError(t.api.tasks.list({ tasklist: list, dueMin: 'soon' }), 400);
  });

  it('pages tasks 20 at a time by default, in outline order', async () => {
    const titles = Array.from({ length: 45 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    await insertInOrder(t.api, list, titles);
    const first = (await t.api.tasks.list({ tasklist: list })).data;
    expect(first.kind).toBe('tasks#tasks');
    expect(first.items).toHaveLength(20);
    const all = await listAll(t.api, list);
    expect(all.map((x) => x.title)).toEqual(titles);
    await expectApiError(t.api.tasks.list({ tasklist: list, maxResults: 500 }), 400);
  });

  it('refuses bad bodies and unknown tasks with 4xx, changing nothing', async () => {
    const task = (await t.api.tasks.insert({ tasklist: list, requestBody: { title: 'stable' } })).data;
    const bad: [object, number][] = [
      [{ status: 'done' }, 400],
      [{ due: 'next week' }, 400],
      [{ completed: 'yesterday', status: 'completed' }, 400],
      [{ title: 'x'.repeat(1025) }, 400],
      [{ notes: 'x'.repeat(8193) }, 400],
      [{ deleted: 'yes' }, 400],
    ];
    for (const [body, status] of bad) {
      await expectApiError(
        t.api.tasks.patch({ tasklist: list, task: task.id!, requestBody: body as never }),
        status,
        'invalid',
      );
      await expectApiError(t.api.tasks.insert({ tasklist: list, requestBody: body as never }), status, 'invalid');
    }
    await expectApiError(t.api.tasks.get({ tasklist: list, task: 'nope' }), 404, 'notFound');
    await expectApiError(t.api.tasks.patch({ tasklist: list, task: 'nope', requestBody: { title: 'x' } }), 404);
    await expectApiError(t.api.tasks.delete({ tasklist: list, task: 'nope' }), 404);
    await expectApiError(t.api.tasks.insert({ tasklist: 'no-such-list', requestBody: { title: 'x' } }), 404);
    await expectApiError(t.bob.tasks.get({ tasklist: list, task: task.id! }), 404);
    expect(await listAll(t.api, list, { showDeleted: true, showHidden: true })).toEqual([task]);
  });
});
