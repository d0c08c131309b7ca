import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, listAll, startTasksService, type TasksTestService } from './tasks-test-kit';

let t: TasksTestService;
let list: string;
beforeAll(async () => {
  t = await startTasksService();
  list = (await t.api.tasklists.insert({ requestBody: { title: 'Queue' } })).data.id!;
});
afterAll(() => t.close());

const name = (task: string, queue = 'my-queue', project = 'my-project:eu.example') =>
  `projects/${project}/locations/europe-west1/queues/${queue}/tasks/${task}`;

/** The client's Task type lacks the queued-request fields; the wire carries them all the same. */
type QueuedBody = Record<string, unknown>;
const insert = (body: QueuedBody) => t.api.tasks.insert({ tasklist: list, requestBody: body as never });
const read = (data: unknown) => data as Record<string, unknown>;

describe('queued-request fields of a task (official client)', () => {
  it('accepts and returns them, truncated as documented', async () => {
    t.clock.now = new Date('2024-05-01T10:00:07.987Z');
    const { data } = await insert({
      title: 'queued',
      name: name('job_1-a'),
      scheduleTime: '2024-06-01T12:00:00.123456789+02:00',
      dispatchDeadline: '30.123456s',
      platformHttpRequest: { httpMethod: 'POST', relativeUri: '/work', headers: { 'X-A': '1' } },
    });
    expect(read(data)).toMatchObject({
      name: name('job_1-a'),
      scheduleTime: '2024-06-01T10:00:00.123456Z',
      dispatchDeadline: '30.123s',
      createTime: '2024-05-01T10:00:07Z',
      platformHttpRequest: { httpMethod: 'POST', relativeUri: '/work', headers: { 'X-A': '1' } },
      dispatchCount: 0,
      responseCount: 0,
    });
    expect(read((await t.api.tasks.get({ tasklist: list, task: data.id! })).data)).toMatchObject({
      dispatchDeadline: '30.123s',
    });
  });

  it('ignores output-only fields on input', async () => {
    t.clock.now = new Date('2024-05-02T00:00:00.000Z');
    const { data } = await insert({
      title: 'outputs',
      createTime: '2000-01-01T00:00:00Z',
      dispatchCount: 7,
      responseCount: 3,
      firstAttempt: { dispatchTime: '2000-01-01T00:00:00Z' },
      lastAttempt: { dispatchTime: '2000-01-01T00:00:00Z' },
      view: 'FULL',
    });
    const task = read(data);
    expect(task.createTime).toBe('2024-05-02T00:00:00Z');
    expect(task.dispatchCount).toBeUndefined();
    expect(task.firstAttempt).toBeUndefined();
    expect(task.lastAttempt).toBeUndefined();
    expect(task.view).toBeUndefined();
  });

  it('accepts dispatchDeadline 0 and the bounds 15s and 24h15s', async () => {
    for (const [given, kept] of [
      ['0s', '0s'],
      ['15s', '15s'],
      ['86415s', '86415s'],
      ['3600.5s', '3600.500s'],
    ]) {
      expect(read((await insert({ title: given, dispatchDeadline: given })).data).dispatchDeadline).toBe(kept);
    }
  });

  it.each([
    ['dispatchDeadline below 15s', { dispatchDeadline: '1.5s' }],
    ['dispatchDeadline just below 15s', { dispatchDeadline: '14.999s' }],
    ['dispatchDeadline above 24h15s', { dispatchDeadline: '86415.001s' }],
    ['a negative dispatchDeadline', { dispatchDeadline: '-30s' }],
    ['a dispatchDeadline without unit', { dispatchDeadline: '30' }],
    ['a name of the wrong shape', { name: 'queues/q/tasks/t' }],
    ['a project id with an underscore', { name: name('t', 'q', 'my_project') }],
    ['a queue id over 100 characters', { name: name('t', 'q'.repeat(101)) }],
    ['a queue id with a period', { name: name('t', 'q.1') }],
    ['a task id over 500 characters', { name: name('t'.repeat(501)) }],
    ['a task id with a colon', { name: name('a:b') }],
    ['a scheduleTime that is not a timestamp', { scheduleTime: '2024-06-31T00:00:00Z' }],
    ['a platformHttpRequest that is not an object', { platformHttpRequest: 'GET /' }],
  ])('refuses %s with 400 and stores nothing', async (_label, body) => {
    const before = await listAll(t.api, list, { showDeleted: true, showHidden: true });
    await expectApiError(insert({ title: 'bad', ...body }), 400, 'invalid');
    expect(await listAll(t.api, list, { showDeleted: true, showHidden: true })).toEqual(before);
  });

  it('accepts names at the length limits', async () => {
    const longest = name('t'.repeat(500), 'q'.repeat(100));
    expect(read((await insert({ title: 'long', name: longest })).data).name).toBe(longest);
  });

  it('keeps a name unique and fixed', async () => {
    const { data } = await insert({ title: 'named', name: name('unique-1') });
    await expectApiError(insert({ title: 'dup', name: name('unique-1') }), 409);
    await expectApiError(
      t.api.tasks.patch({ tasklist: list, task: data.id!, requestBody: { name: name('renamed') } as never }),
      400,
      'invalid',
    );
    const same = await t.api.tasks.patch({
      tasklist: list,
      task: data.id!,
      requestBody: { name: name('unique-1'), title: 'still' } as never,
    });
    expect(read(same.data)).toMatchObject({ name: name('unique-1'), title: 'still' });
    const updated = await t.api.tasks.patch({
      tasklist: list,
      task: data.id!,
      requestBody: { dispatchDeadline: '20s' } as never,
    });
    expect(read(updated.data).dispatchDeadline).toBe('20s');
    const rejected = t.api.tasks.patch({
      tasklist: list,
      task: data.id!,
      requestBody: { dispatchDeadline: '10s' } as never,
    });
    await expectApiError(rejected, 400, 'invalid');
    expect(read((await t.api.tasks.get({ tasklist: list, task: data.id! })).data).dispatchDeadline).toBe('20s');
  });
});
