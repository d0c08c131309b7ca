import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcEvent, IpcReply } from '../../../shared/ipc/contract';
import { startEmbeddedService } from '../../service';
import { commandJournalDir } from '../command-journal';
import { CommandJournal } from '../command-journal';
import { createCore } from '../core';
import type { Core } from '../core';
import { localAccountToken, localUserEmail } from '../local-account';
import { MemoryVault } from '../vault';
import type { TaskTransferEntry } from './task-transfer';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'atrium-core-commands-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function startCore(dir: string, vault: MemoryVault, timeZone: string): Promise<Core> {
  const core = await createCore({
    userDataDir: dir,
    vault,
    host: 'browser',
    changeWatch: false,
    timeZone,
    log: () => {},
  });
  cleanup.push(() => core.close());
  return core;
}

async function value<T>(core: Core, method: string, input: unknown): Promise<T> {
  const reply = (await core.dispatcher.dispatch(method, input)) as IpcReply<T>;
  if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
  return reply.value;
}

const primaryZone = async (core: Core): Promise<string | undefined> =>
  (
    await value<{ timeZone?: string }>(core, 'api.call', {
      operation: 'CalendarCalendarsGet',
      params: { calendarId: 'primary' },
    })
  ).timeZone;

describe('the local calendar’s time zone', () => {
  it('is the machine’s zone from the first start', async () => {
    const core = await startCore(await tempDir(), new MemoryVault(), 'Europe/Paris');
    expect(await primaryZone(core)).toBe('Europe/Paris');
  });

  it('is set once at start-up on a calendar that still has the service’s placeholder', async () => {
    const dir = await tempDir();
    const vault = new MemoryVault();
    const earlier = await startEmbeddedService({
      dataDir: join(dir, 'local-service'),
      port: 0,
      users: [{ email: localUserEmail, token: await localAccountToken(vault) }],
    });
    await earlier.close();
    const core = await startCore(dir, vault, 'Asia/Tokyo');
    expect(await primaryZone(core)).toBe('Asia/Tokyo');
  });
});

describe('multi-write commands over IPC', () => {
  it('checks a series edit’s steps before any write', async () => {
    const core = await startCore(await tempDir(), new MemoryVault(), 'UTC');
    const reply = await core.dispatcher.dispatch('calendar.applySeriesEdit', {
      steps: [{ op: 'patch', calendarId: 'primary', body: {} }],
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
    const empty = await core.dispatcher.dispatch('calendar.applySeriesEdit', { steps: [] });
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
  });

  it('answers a refused write as the API error, with status and reason', async () => {
    const core = await startCore(await tempDir(), new MemoryVault(), 'UTC');
    const reply = await core.dispatcher.dispatch('calendar.applySeriesEdit', {
      steps: [{ op: 'delete', calendarId: 'primary', eventId: 'nosuchevent0' }],
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'notFound', status: 404 } });
  });

  it('moves a task to another list and tells the renderer both lists changed', async () => {
    const core = await startCore(await tempDir(), new MemoryVault(), 'UTC');
    const events: IpcEvent[] = [];
    core.onEvent((event) => events.push(event));
    const list = (title: string) =>
      value<{ id: string }>(core, 'api.call', { operation: 'TasksTasklistsInsert', body: { title } });
    const from = (await list('A')).id;
    const to = (await list('B')).id;
    const task = await value<{ id: string }>(core, 'api.call', {
      operation: 'TasksTasksInsert',
      params: { tasklist: from },
      body: { title: 'Move me' },
    });
    const moved = await value<{ task: { id: string; title: string } }>(core, 'tasks.moveToList', {
      tasklist: from,
      task: task.id,
      destination: { tasklist: to },
    });
    expect(moved.task.title).toBe('Move me');
    const inB = await value<{ items?: { title: string }[] }>(core, 'api.call', {
      operation: 'TasksTasksList',
      params: { tasklist: to },
    });
    expect(inB.items?.map((t) => t.title)).toEqual(['Move me']);
    await expect
      .poll(() => events.filter((e) => e.type === 'changed').map((e) => (e as { resource: string }).resource))
      .toEqual(expect.arrayContaining([`tasks:${from}`, `tasks:${to}`]));
  });

  it('settles a command an earlier run left unfinished when it starts again', async () => {
    const dir = await tempDir();
    const vault = new MemoryVault();
    const first = await startCore(dir, vault, 'UTC');
    const from = (
      await value<{ id: string }>(first, 'api.call', { operation: 'TasksTasklistsInsert', body: { title: 'A' } })
    ).id;
    const to = (
      await value<{ id: string }>(first, 'api.call', { operation: 'TasksTasklistsInsert', body: { title: 'B' } })
    ).id;
    const original = await value<{ id: string }>(first, 'api.call', {
      operation: 'TasksTasksInsert',
      params: { tasklist: from },
      body: { title: 'Original' },
    });
    const copy = await value<{ id: string }>(first, 'api.call', {
      operation: 'TasksTasksInsert',
      params: { tasklist: to },
      body: { title: 'Original' },
    });
    // What a run that quit after the first copy leaves behind.
    const entry: TaskTransferEntry = {
      kind: 'tasks.transfer',
      account: 'local',
      tasklist: from,
      task: original.id,
      destination: { tasklist: to },
      copies: [copy.id],
      removingOriginal: false,
    };
    await new CommandJournal<TaskTransferEntry>(commandJournalDir(dir)).begin(entry);
    await first.close();

    const second = await startCore(dir, vault, 'UTC');
    const titles = async (tasklist: string) =>
      (
        await value<{ items?: { title: string }[] }>(second, 'api.call', {
          operation: 'TasksTasksList',
          params: { tasklist },
        })
      ).items?.map((t) => t.title) ?? [];
    await expect.poll(() => titles(to)).toEqual([]);
    expect(await titles(from)).toEqual(['Original']);
    await expect.poll(() => readdir(commandJournalDir(dir))).toEqual([]);
  });
});
