import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Freshness } from '../../../shared/ipc/contract';
import { ApiClient } from '../api-client';
import { createCore } from '../core';
import type { Core } from '../core';
import { startGoogleStandIn } from '../testing/google-stand-in';
import type { GoogleStandIn } from '../testing/google-stand-in';
import { recordIpc } from '../testing/ipc-recorder';
import type { RecordedIpc } from '../testing/ipc-recorder';
import { signInThroughPages } from '../testing/provider-pages';
import { MemoryVault } from '../vault';

const quick = { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 30, maxDelayMs: 150 };
let dir: string;
let standIn: GoogleStandIn;
let direct: ApiClient;
const email = 'ann@example.com';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-offline-'));
  standIn = await startGoogleStandIn({ dataDir: join(dir, 'google') });
  // Ann on another device, straight at the API.
  direct = new ApiClient({ baseUrl: standIn.service.url, accessToken: () => standIn.serviceTokenFor(email) });
});

afterAll(async () => {
  await standIn?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Opened {
  core: Core;
  ipc: RecordedIpc;
  account: string;
}

async function openCore(name: string, vault: MemoryVault, signIn = true): Promise<Opened> {
  const core = await createCore({
    userDataDir: join(dir, name),
    vault,
    host: 'browser',
    config: { google: standIn.config },
    changeWatch: { pollMs: 200, unfocusedPollMs: 200, tasksPollMs: 200, reconnect: quick, backoff: quick },
    offline: { reconnect: quick, replayBackoff: quick },
    retry: { maxAttempts: 1, baseDelayMs: 5, maxDelayMs: 10 },
    log: () => {},
  });
  const ipc = recordIpc(core);
  const account = signIn
    ? await signInThroughPages(ipc, email)
    : (core.accounts.list().find((a) => a.kind === 'google')?.id ?? '');
  return { core, ipc, account };
}

async function call(
  opened: Opened,
  operation: string,
  params: Record<string, unknown>,
  body?: unknown,
): Promise<{ value: unknown; freshness?: Freshness }> {
  const reply = await opened.ipc.client.invokeWithMeta('api.call', {
    account: opened.account,
    operation,
    params,
    ...(body !== undefined ? { body } : {}),
  });
  return { value: reply.value, ...(reply.meta?.freshness ? { freshness: reply.meta.freshness } : {}) };
}

async function until<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const ids = (answer: unknown, field = 'items'): string[] =>
  ((answer as Record<string, { id: string }[]>)[field] ?? []).map((item) => item.id).sort();

/** Day `n` of a week starting a week from now (midnight UTC), at `time`. */
const start = new Date();
start.setUTCHours(0, 0, 0, 0);
start.setUTCDate(start.getUTCDate() + 7);
const at = (n: number, time = '00:00'): string =>
  `${new Date(start.getTime() + n * 86_400_000).toISOString().slice(0, 10)}T${time}:00Z`;
const week = { timeMin: at(0), timeMax: at(7) };

describe('a Google account is mirrored, readable and editable offline', () => {
  let opened: Opened;
  let tasklist: string;
  const vault = new MemoryVault();

  beforeAll(async () => {
    tasklist = String((await direct.call('TasksTasklistsList', {})).items?.[0]?.id);
    await direct.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      {
        summary: 'Standup',
        start: { dateTime: at(1, '09:00'), timeZone: 'Europe/Berlin' },
        end: { dateTime: at(1, '09:15'), timeZone: 'Europe/Berlin' },
        recurrence: ['RRULE:FREQ=DAILY;COUNT=20'],
      },
    );
    for (let i = 0; i < 5; i++)
      await direct.call(
        'CalendarEventsInsert',
        { calendarId: 'primary' },
        { summary: `Meeting ${i}`, start: { dateTime: at(i, '14:00') }, end: { dateTime: at(i, '15:00') } },
      );
    // Longer than a week and begun before the range: read like a series, not through the time index.
    await direct.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'Sabbatical', start: { dateTime: at(-5, '00:00') }, end: { dateTime: at(6, '00:00') } },
    );
    await direct.call('TasksTasksInsert', { tasklist }, { title: 'Buy milk' });
    await direct.call('TasksTasksInsert', { tasklist }, { title: 'Done already', status: 'completed' });
    const folder = await direct.call(
      'DriveFilesCreate',
      {},
      { name: 'Projects', mimeType: 'application/vnd.google-apps.folder' },
    );
    await direct.call(
      'DriveFilesCreate',
      {},
      { name: 'Plan', mimeType: 'application/vnd.google-apps.document', parents: [folder.id!] },
    );
    opened = await openCore('mirror', vault);
    await opened.core.sync?.get(opened.account)?.start();
  });

  afterAll(async () => {
    opened?.ipc.close();
    await opened?.core.close();
  });

  it('answers the views’ reads from the mirror, the same as the API would', async () => {
    const reads: [string, Record<string, unknown>, string?][] = [
      ['CalendarEventsList', { calendarId: 'primary', singleEvents: true, orderBy: 'startTime', ...week }],
      ['CalendarEventsList', { calendarId: 'primary', ...week }],
      ['CalendarCalendarListList', {}],
      ['TasksTasklistsList', {}],
      ['TasksTasksList', { tasklist, showCompleted: true, showHidden: true }],
      ['TasksTasksList', { tasklist, showCompleted: false }],
      ['DriveFilesList', { q: `'root' in parents and trashed = false` }, 'files'],
      ['DriveFilesList', { q: 'starred = true and trashed = false' }, 'files'],
    ];
    for (const [operation, params, field] of reads) {
      const mirrored = await call(opened, operation, params);
      expect(mirrored.freshness, operation).toMatchObject({ source: 'mirror', offline: false });
      expect(mirrored.freshness?.syncedAt).toBeTypeOf('string');
      const server = await direct.callByName(operation, params);
      expect(ids(mirrored.value, field), `${operation} ${JSON.stringify(params)}`).toEqual(ids(server, field));
    }
    const single = (await call(opened, 'CalendarEventsList', { calendarId: 'primary', singleEvents: true, ...week }))
      .value;
    expect(ids(single)).toHaveLength(6 + 5 + 1);
  });

  it('reads from the network what a write that bypassed the mirror changed, until the next sync brings it in', async () => {
    const found = (await call(opened, 'CalendarEventsList', { calendarId: 'primary', q: 'Meeting 3' })).value as {
      items: { id: string }[];
    };
    const eventId = found.items[0]!.id;
    await opened.ipc.client.invoke('calendar.applySeriesEdit', {
      account: opened.account,
      steps: [{ op: 'patch', calendarId: 'primary', eventId, body: { location: 'Atrium' } }],
    });
    const right = await call(opened, 'CalendarEventsGet', { calendarId: 'primary', eventId });
    expect(right.value).toMatchObject({ location: 'Atrium' });
    if (right.freshness?.source === 'mirror') return; // The sync pass the edit asked for had already landed.
    expect(right.freshness).toMatchObject({ source: 'network' });
    await until(
      async () =>
        (await call(opened, 'CalendarEventsGet', { calendarId: 'primary', eventId })).freshness?.source === 'mirror',
      'the mirror to catch up',
    );
    expect((await call(opened, 'CalendarEventsGet', { calendarId: 'primary', eventId })).value).toMatchObject({
      location: 'Atrium',
    });
  });

  it('queues writes while offline, answers them at once, and replays each exactly once', async () => {
    const events = (await call(opened, 'CalendarEventsList', { calendarId: 'primary', q: 'Meeting 1' })).value as {
      items: { id: string }[];
    };
    const meeting = events.items[0]!.id;
    await standIn.takeApiOffline();
    const inserted = (
      await call(
        opened,
        'CalendarEventsInsert',
        { calendarId: 'primary' },
        {
          summary: 'Written offline',
          start: { dateTime: at(2, '11:00') },
          end: { dateTime: at(2, '12:00') },
        },
      )
    ).value as { id: string };
    await call(
      opened,
      'CalendarEventsPatch',
      { calendarId: 'primary', eventId: meeting },
      { summary: 'Meeting 1 (moved)' },
    );
    const task = (await call(opened, 'TasksTasksInsert', { tasklist }, { title: 'Offline task' })).value as {
      id: string;
    };
    await call(opened, 'TasksTasksPatch', { tasklist, task: task.id }, { notes: 'with notes' });

    const status = await opened.ipc.client.invoke('offline.status', { account: opened.account });
    expect(status.accounts[0]).toMatchObject({ state: 'offline', pending: 4 });
    const pending = await opened.ipc.client.invoke('offline.pending', { account: opened.account });
    expect(pending.changes.map((c) => c.summary)).toEqual([
      'New event “Written offline”',
      'Edit event “Meeting 1 (moved)”',
      'New task “Offline task”',
      'Edit task “Offline task”',
    ]);
    const dots = await opened.ipc.client.invoke('offline.pendingResources', { account: opened.account });
    expect(dots.resources.map((r) => r.id)).toEqual(expect.arrayContaining([inserted.id, meeting, task.id]));

    const shown = await call(opened, 'CalendarEventsList', { calendarId: 'primary', singleEvents: true, ...week });
    expect(shown.freshness).toMatchObject({ source: 'mirror', offline: true, pending: true });
    expect((shown.value as { items: { summary: string }[] }).items.map((e) => e.summary)).toEqual(
      expect.arrayContaining(['Written offline', 'Meeting 1 (moved)']),
    );

    await standIn.bringApiOnline();
    await until(
      async () =>
        (await opened.ipc.client.invoke('offline.status', { account: opened.account })).accounts[0]?.pending === 0,
      'the outbox to empty',
    );
    const server = await direct.call('CalendarEventsList', { calendarId: 'primary', q: 'Written offline' });
    expect(server.items?.map((e) => e.id)).toEqual([inserted.id]);
    expect((await direct.call('CalendarEventsGet', { calendarId: 'primary', eventId: meeting })).summary).toBe(
      'Meeting 1 (moved)',
    );
    const tasks = await direct.call('TasksTasksList', { tasklist });
    const made = tasks.items?.filter((t) => t.title === 'Offline task') ?? [];
    expect(made).toHaveLength(1);
    expect(made[0]?.notes).toBe('with notes');
    // The mirror now knows the task by the server's id.
    const mirrored = (await call(opened, 'TasksTasksList', { tasklist })).value;
    expect(ids(mirrored)).toContain(made[0]?.id);
  });

  it('merges disjoint edits silently and records a conflict when both sides changed a field', async () => {
    const created = await direct.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'Review', location: 'Room 1', start: { dateTime: at(3, '10:00') }, end: { dateTime: at(3, '11:00') } },
    );
    const doomed = await direct.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'Lunch', start: { dateTime: at(3, '12:00') }, end: { dateTime: at(3, '13:00') } },
    );
    await until(
      async () =>
        (await call(opened, 'CalendarEventsGet', { calendarId: 'primary', eventId: doomed.id! })).freshness?.source ===
        'mirror',
      'the mirror to have the events',
    );
    await standIn.takeApiOffline();
    await call(
      opened,
      'CalendarEventsPatch',
      { calendarId: 'primary', eventId: created.id! },
      { summary: 'Review (mine)', description: 'agenda' },
    );
    await call(
      opened,
      'CalendarEventsPatch',
      { calendarId: 'primary', eventId: doomed.id! },
      { summary: 'Long lunch' },
    );
    // Meanwhile, on the phone:
    await direct.call(
      'CalendarEventsPatch',
      { calendarId: 'primary', eventId: created.id! },
      { summary: 'Review (theirs)', location: 'Room 2' },
    );
    await direct.call('CalendarEventsDelete', { calendarId: 'primary', eventId: doomed.id! });
    await standIn.bringApiOnline();
    await until(
      async () =>
        (await opened.ipc.client.invoke('offline.status', { account: opened.account })).accounts[0]?.pending === 0,
      'the outbox to empty',
    );

    const server = await direct.call('CalendarEventsGet', { calendarId: 'primary', eventId: created.id! });
    expect(server).toMatchObject({ summary: 'Review (theirs)', location: 'Room 2', description: 'agenda' });
    const { conflicts } = await opened.ipc.client.invoke('offline.conflicts', { account: opened.account });
    const fieldConflict = conflicts.find((c) => c.resource.id === created.id);
    expect(fieldConflict).toMatchObject({
      kind: 'fields',
      fields: [{ field: 'summary', base: 'Review', mine: 'Review (mine)', theirs: 'Review (theirs)' }],
    });
    const deletedConflict = conflicts.find((c) => c.resource.id === doomed.id);
    expect(deletedConflict).toMatchObject({ kind: 'deleted' });

    await opened.ipc.client.invoke('offline.resolve', {
      account: opened.account,
      conflict: fieldConflict!.id,
      choice: 'keepMine',
    });
    await opened.ipc.client.invoke('offline.resolve', {
      account: opened.account,
      conflict: deletedConflict!.id,
      choice: 'keepTheirs',
    });
    await until(
      async () =>
        (await opened.ipc.client.invoke('offline.status', { account: opened.account })).accounts[0]?.pending === 0,
      'the outbox to empty',
    );
    expect((await direct.call('CalendarEventsGet', { calendarId: 'primary', eventId: created.id! })).summary).toBe(
      'Review (mine)',
    );
    expect((await opened.ipc.client.invoke('offline.conflicts', { account: opened.account })).conflicts).toEqual([]);
    const lunches = await direct.call('CalendarEventsList', { calendarId: 'primary', q: 'lunch' });
    expect(lunches.items ?? []).toEqual([]);
  });

  it('stages a file dropped for upload while offline and uploads it once the API answers', async () => {
    await standIn.takeApiOffline();
    const content = Buffer.from('Notes written on the train\n'.repeat(2000));
    const { upload } = await opened.ipc.client.invoke('files.uploadStart', {
      account: opened.account,
      metadata: { name: 'train-notes.txt', mimeType: 'text/plain' },
      size: content.length,
    });
    expect(upload).toMatch(/^staged-/);
    const half = 256 * 1024 > content.length ? content.length : 256 * 1024;
    let progress = await opened.ipc.client.invoke('files.uploadChunk', {
      upload,
      offset: 0,
      contentBase64: content.subarray(0, half).toString('base64'),
    });
    if (progress.received < content.length)
      progress = await opened.ipc.client.invoke('files.uploadChunk', {
        upload,
        offset: half,
        contentBase64: content.subarray(half).toString('base64'),
      });
    expect(progress.received).toBe(content.length);
    const file = progress.file as { id: string; name: string };
    expect(file.name).toBe('train-notes.txt');
    const pending = await opened.ipc.client.invoke('offline.pending', { account: opened.account });
    expect(pending.changes).toEqual([
      expect.objectContaining({
        operation: 'upload',
        summary: 'Upload “train-notes.txt”',
        upload: { sent: 0, size: content.length },
      }),
    ]);
    const listed = await call(opened, 'DriveFilesList', { q: `name contains 'train' and trashed = false` });
    expect(ids(listed.value, 'files')).toEqual([file.id]);

    await standIn.bringApiOnline();
    await until(
      async () =>
        (await opened.ipc.client.invoke('offline.status', { account: opened.account })).accounts[0]?.pending === 0,
      'the upload to be sent',
    );
    const stored = await direct.callByName('DriveFilesGet', { fileId: file.id, fields: 'id,name,size' });
    expect(stored).toMatchObject({ id: file.id, name: 'train-notes.txt', size: String(content.length) });
    const media = (await direct.callByName('DriveFilesGet', { fileId: file.id, alt: 'media' })) as {
      contentBase64: string;
    };
    expect(Buffer.from(media.contentBase64, 'base64').equals(content)).toBe(true);
  });

  it('keeps what a star sent without `fields` did, online and replayed, not the few fields Drive answers', async () => {
    const made = (await direct.callByName('DriveFilesCreate', {}, { name: 'star-me.txt', mimeType: 'text/plain' })) as {
      id: string;
    };
    const alsoMade = (await direct.callByName(
      'DriveFilesCreate',
      {},
      { name: 'star-me-later.txt', mimeType: 'text/plain' },
    )) as { id: string };
    await until(async () => {
      const listed = await call(opened, 'DriveFilesList', { q: `name contains 'star-me' and trashed = false` });
      return listed.freshness?.source === 'mirror' && ids(listed.value, 'files').length === 2;
    }, 'both files in the mirror');
    const starred = async () =>
      ids((await call(opened, 'DriveFilesList', { q: `starred = true and name contains 'star-me'` })).value, 'files');

    // Online: the answer (id, name, mimeType) does not say starred; the mirror must still know.
    await call(opened, 'DriveFilesUpdate', { fileId: made.id }, { starred: true });
    expect(await starred()).toEqual([made.id]);

    // Queued offline and replayed: the same.
    await standIn.takeApiOffline();
    await call(opened, 'DriveFilesUpdate', { fileId: alsoMade.id }, { starred: true });
    await standIn.bringApiOnline();
    await until(
      async () =>
        (await opened.ipc.client.invoke('offline.status', { account: opened.account })).accounts[0]?.pending === 0,
      'the star to be sent',
    );
    expect(await starred()).toEqual([made.id, alsoMade.id].sort());
    const stored = await direct.callByName('DriveFilesGet', { fileId: alsoMade.id, fields: 'starred' });
    expect(stored).toEqual({ starred: true });
  });

  it('completes a task and moves it to another list offline (tasks.moveToList), and edits one occurrence of a series', async () => {
    const done = String((await direct.call('TasksTasklistsInsert', {}, { title: 'Done' })).id);
    const task = await direct.call('TasksTasksInsert', { tasklist }, { title: 'File taxes' });
    const subtask = await direct.call('TasksTasksInsert', { tasklist, parent: task.id }, { title: 'Find receipts' });
    await until(async () => {
      const known = ids(
        (await call(opened, 'TasksTasksList', { tasklist, showCompleted: true, showHidden: true })).value,
      );
      // The subtask too: a move made offline takes what the mirror holds.
      return (
        known.includes(task.id!) &&
        known.includes(subtask.id!) &&
        ids((await call(opened, 'TasksTasklistsList', {})).value).includes(done)
      );
    }, 'the mirror to know the new list, the task and its subtask');
    const series = await call(opened, 'CalendarEventsList', {
      calendarId: 'primary',
      singleEvents: true,
      q: 'Standup',
      ...week,
    });
    const occurrence = (series.value as { items: { id: string }[] }).items[1]!.id;
    await standIn.takeApiOffline();

    await call(opened, 'TasksTasksPatch', { tasklist, task: task.id }, { status: 'completed' });
    const moved = await opened.ipc.client.invoke('tasks.moveToList', {
      account: opened.account,
      tasklist,
      task: task.id!,
      destination: { tasklist: done },
    });
    expect(moved.task).toMatchObject({ id: task.id, status: 'completed' });
    const there = await call(opened, 'TasksTasksList', { tasklist: done, showCompleted: true, showHidden: true });
    expect(there.freshness).toMatchObject({ source: 'mirror', pending: true });
    expect((there.value as { items: { title: string }[] }).items.map((t) => t.title).sort()).toEqual([
      'File taxes',
      'Find receipts',
    ]);
    const left = await call(opened, 'TasksTasksList', { tasklist, showCompleted: true, showHidden: true });
    expect((left.value as { items: { title: string }[] }).items.map((t) => t.title)).not.toContain('File taxes');
    const edit = await opened.ipc.client.invoke('calendar.applySeriesEdit', {
      account: opened.account,
      steps: [{ op: 'patch', calendarId: 'primary', eventId: occurrence, body: { summary: 'Standup (offsite)' } }],
    });
    expect(edit.results).toMatchObject([{ id: occurrence, summary: 'Standup (offsite)' }]);
    // What the mirror does not hold cannot wait: the reply says it needs a connection.
    await expect(
      opened.ipc.client.invoke('calendar.applySeriesEdit', {
        account: opened.account,
        steps: [{ op: 'delete', calendarId: 'primary', eventId: 'notmirrored0001' }],
      }),
    ).rejects.toMatchObject({ code: 'unavailable', message: expect.stringMatching(/needs a connection/) });

    await standIn.bringApiOnline();
    await until(
      async () =>
        (await opened.ipc.client.invoke('offline.status', { account: opened.account })).accounts[0]?.pending === 0,
      'the outbox to empty',
    );
    const server = await direct.call('TasksTasksList', { tasklist: done, showCompleted: true, showHidden: true });
    expect(server.items?.map((t) => [t.title, t.status]).sort()).toEqual([
      ['File taxes', 'completed'],
      ['Find receipts', 'needsAction'],
    ]);
    const source = await direct.call('TasksTasksList', { tasklist, showCompleted: true, showHidden: true });
    expect(source.items?.map((t) => t.title)).not.toContain('File taxes');
    expect((await direct.call('CalendarEventsGet', { calendarId: 'primary', eventId: occurrence })).summary).toBe(
      'Standup (offsite)',
    );
    expect((await opened.ipc.client.invoke('offline.conflicts', { account: opened.account })).conflicts).toEqual([]);
  });

  it('starts with no network showing the last state, marked offline, and sends what was queued once it answers', async () => {
    opened.ipc.close();
    await opened.core.close();
    await standIn.takeApiOffline();
    opened = await openCore('mirror', vault, false);
    const local = await opened.ipc.client.invoke('api.call', { operation: 'TasksTasklistsList', params: {} });
    expect(ids(local).length).toBeGreaterThan(0);
    const shown = await call(opened, 'CalendarEventsList', { calendarId: 'primary', singleEvents: true, ...week });
    expect(shown.freshness).toMatchObject({ source: 'mirror' });
    expect((shown.value as { items: { summary: string }[] }).items.map((e) => e.summary)).toContain('Written offline');
    await until(
      async () =>
        (await opened.ipc.client.invoke('offline.status', { account: opened.account })).accounts.find(
          (a) => a.account === opened.account,
        )?.state === 'offline',
      'the account to be offline',
    );
    const status = await opened.ipc.client.invoke('offline.status', {});
    expect(status.accounts.find((a) => a.kind === 'local')).toMatchObject({ state: 'online', mirrored: false });

    await call(opened, 'TasksTasksInsert', { tasklist }, { title: 'Written while starting offline' });
    await standIn.bringApiOnline();
    await until(
      async () =>
        (await opened.ipc.client.invoke('offline.status', { account: opened.account })).accounts[0]?.pending === 0,
      'the outbox to empty',
    );
    const tasks = await direct.call('TasksTasksList', { tasklist });
    expect(tasks.items?.filter((t) => t.title === 'Written while starting offline')).toHaveLength(1);
  });
});
