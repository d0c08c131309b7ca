import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../service';
import type { EmbeddedService } from '../../service';
import { ApiClient } from '../api-client';
import { AccountMirror } from './account-mirror';

const email = 'mover@example.com';
const token = 'task-moves-token';
let dir: string;
let service: EmbeddedService;
let api: ApiClient;
let files = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-task-moves-'));
  service = await startEmbeddedService({
    dataDir: join(dir, 'service'),
    port: 0,
    users: [{ email, token }],
    log: () => {},
  });
  api = new ApiClient({ baseUrl: service.url, accessToken: () => token, retry: { maxAttempts: 1 } });
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

type Task = { id: string; title?: string; parent?: string; status?: string };

let source: string;
let destination: string;
let file: string;

async function listTasks(tasklist: string): Promise<Task[]> {
  const answer = await api.call('TasksTasksList', { tasklist, showCompleted: true, showHidden: true, maxResults: 100 });
  return (answer.items ?? []) as Task[];
}

/** A mirror filled from the service (both lists and their tasks), then cut off from the network. */
async function offlineMirror(): Promise<AccountMirror> {
  // Its requests find no one listening, as when the network is gone.
  const mirror = openMirror(
    new ApiClient({ baseUrl: 'http://127.0.0.1:9', accessToken: () => token, retry: { maxAttempts: 1 } }),
  );
  const lists = await api.call('TasksTasklistsList', {});
  mirror.tasks.applyLists(lists.items as Record<string, unknown>[], new Date());
  for (const list of [source, destination])
    mirror.tasks.applyTasks(list, (await listTasks(list)) as Record<string, unknown>[], true, new Date());
  mirror.setOffline(true);
  return mirror;
}

function openMirror(client = api): AccountMirror {
  return new AccountMirror({ account: 'google-mover', file, api: client, onStatus: () => {} });
}

/** The same mirror opened again with the network back (as after a restart), its outbox replayed. */
async function backOnline(mirror: AccountMirror): Promise<AccountMirror> {
  await mirror.close();
  const reopened = openMirror();
  reopened.setOffline(false);
  await reopened.replay();
  return reopened;
}

const shown = (mirror: AccountMirror, tasklist: string): Task[] => mirror.store.list('tasks', tasklist) as Task[];

beforeEach(async () => {
  file = join(dir, `mirror-${files++}.sqlite`);
  source = (await api.call('TasksTasklistsInsert', {}, { title: `Inbox ${files}` })).id!;
  destination = (await api.call('TasksTasklistsInsert', {}, { title: `Done ${files}` })).id!;
});

describe('task moves offline', () => {
  it('completes a task and moves it with its subtask to another list, then replays both once', async () => {
    const parent = (await api.call('TasksTasksInsert', { tasklist: source }, { title: 'Report' })) as Task;
    const child = (await api.call(
      'TasksTasksInsert',
      { tasklist: source, parent: parent.id },
      { title: 'Figures' },
    )) as Task;
    await api.call('TasksTasksInsert', { tasklist: source }, { title: 'Stays' });
    let mirror = await offlineMirror();

    await mirror.write('TasksTasksPatch', { tasklist: source, task: parent.id }, { status: 'completed' });
    const moved = (await mirror.write(
      'TasksTasksMove',
      { tasklist: source, task: parent.id, destinationTasklist: destination },
      undefined,
    )) as Task;
    expect(moved).toMatchObject({ id: parent.id, status: 'completed' });
    // At once, in the mirror: in the new list with its subtask, gone from the old one.
    expect(shown(mirror, source).map((t) => t.title)).toEqual(['Stays']);
    expect(
      shown(mirror, destination)
        .map((t) => [t.title, t.parent])
        .sort(),
    ).toEqual([
      ['Figures', parent.id],
      ['Report', undefined],
    ]);
    expect(mirror.pendingChanges().map((c) => c.summary)).toEqual(['Edit task “Report”', 'Move task “Report”']);
    // A sync pass of the old list before replay does not bring them back there.
    mirror.tasks.applyTasks(source, (await listTasks(source)) as Record<string, unknown>[], true, new Date());
    mirror.tasks.applyTasks(destination, [], true, new Date());
    expect(shown(mirror, source).map((t) => t.title)).toEqual(['Stays']);
    expect(shown(mirror, destination)).toHaveLength(2);

    mirror = await backOnline(mirror);
    expect(mirror.pendingCount()).toBe(0);
    expect(mirror.store.conflictCount()).toBe(0);
    expect((await listTasks(source)).map((t) => t.title)).toEqual(['Stays']);
    const there = await listTasks(destination);
    expect(there.map((t) => [t.title, t.id, t.parent, t.status]).sort()).toEqual([
      ['Figures', child.id, parent.id, 'needsAction'],
      ['Report', parent.id, undefined, 'completed'],
    ]);
    expect(
      shown(mirror, destination)
        .map((t) => t.id)
        .sort(),
    ).toEqual([child.id, parent.id].sort());
    expect(shown(mirror, source).map((t) => t.title)).toEqual(['Stays']);
    await mirror.close();
  });

  it('does not move a task twice nor lose it when replay is cut off in the middle of a move to another list', async () => {
    const arrived = (await api.call('TasksTasksInsert', { tasklist: source }, { title: 'Arrived' })) as Task;
    const sub = (await api.call(
      'TasksTasksInsert',
      { tasklist: source, parent: arrived.id },
      { title: 'Sub' },
    )) as Task;
    const lost = (await api.call('TasksTasksInsert', { tasklist: source }, { title: 'Lost on the way' })) as Task;
    const mirror = await offlineMirror();
    for (const task of [arrived.id, lost.id])
      await mirror.write('TasksTasksMove', { tasklist: source, task, destinationTasklist: destination }, undefined);
    const [first, second] = mirror.store.outbox();
    expect([first?.id, second?.id]).toEqual([arrived.id, lost.id]);
    // The crash: both moves were being sent; the first reached the service, the second did not.
    await api.call('TasksTasksMove', { tasklist: source, task: arrived.id, destinationTasklist: destination });
    expect((await listTasks(destination)).map((t) => t.id).sort()).toEqual([arrived.id, sub.id].sort());
    mirror.store.markOutbox(first!.seq, 'sending', 1, null, null);
    mirror.store.markOutbox(second!.seq, 'sending', 1, null, null);
    await mirror.close();

    const restarted = openMirror();
    restarted.setOffline(false);
    await restarted.replay();
    expect(restarted.pendingCount()).toBe(0);
    expect(restarted.conflictList()).toEqual([]);
    expect(await listTasks(source)).toEqual([]);
    const there = await listTasks(destination);
    expect(there.map((t) => [t.id, t.parent]).sort()).toEqual(
      [
        [arrived.id, undefined],
        [sub.id, arrived.id],
        [lost.id, undefined],
      ].sort(),
    );
    expect(shown(restarted, source)).toEqual([]);
    expect(
      shown(restarted, destination)
        .map((t) => t.id)
        .sort(),
    ).toEqual([arrived.id, sub.id, lost.id].sort());
    await restarted.close();
  });

  it('moves a task made offline to another list: it is created once, then moved', async () => {
    let mirror = await offlineMirror();
    const made = (await mirror.write('TasksTasksInsert', { tasklist: source }, { title: 'Fresh' })) as Task;
    await mirror.write(
      'TasksTasksMove',
      { tasklist: source, task: made.id, destinationTasklist: destination },
      undefined,
    );
    expect(shown(mirror, destination).map((t) => t.title)).toEqual(['Fresh']);
    expect(shown(mirror, source)).toEqual([]);
    mirror = await backOnline(mirror);
    expect(mirror.pendingCount()).toBe(0);
    expect(await listTasks(source)).toEqual([]);
    const there = await listTasks(destination);
    expect(there.map((t) => t.title)).toEqual(['Fresh']);
    expect(shown(mirror, destination).map((t) => t.id)).toEqual([there[0]!.id]);
    await mirror.close();
  });

  it('reparents a task within its list offline and replays it', async () => {
    const a = (await api.call('TasksTasksInsert', { tasklist: source }, { title: 'A' })) as Task;
    const b = (await api.call('TasksTasksInsert', { tasklist: source }, { title: 'B' })) as Task;
    let mirror = await offlineMirror();
    await mirror.write('TasksTasksMove', { tasklist: source, task: b.id, parent: a.id }, undefined);
    expect(shown(mirror, source).find((t) => t.id === b.id)?.parent).toBe(a.id);
    await expect(
      mirror.write('TasksTasksMove', { tasklist: source, task: a.id, parent: b.id }, undefined),
    ).rejects.toMatchObject({ status: 400 });
    mirror = await backOnline(mirror);
    expect(mirror.pendingCount()).toBe(0);
    expect((await listTasks(source)).find((t) => t.id === b.id)?.parent).toBe(a.id);
    await mirror.close();
  });

  it('records a conflict when the moved task was deleted elsewhere meanwhile', async () => {
    const gone = (await api.call('TasksTasksInsert', { tasklist: source }, { title: 'Gone' })) as Task;
    let mirror = await offlineMirror();
    await mirror.write(
      'TasksTasksMove',
      { tasklist: source, task: gone.id, destinationTasklist: destination },
      undefined,
    );
    await api.call('TasksTasksDelete', { tasklist: source, task: gone.id });
    mirror = await backOnline(mirror);
    expect(mirror.pendingCount()).toBe(0);
    expect(mirror.conflictList()).toMatchObject([{ kind: 'deleted', summary: 'Move task “Gone”' }]);
    expect(shown(mirror, destination)).toEqual([]);
    expect(await listTasks(destination)).toEqual([]);
    await mirror.close();
  });
});
