import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedService } from '../../service';
import type { EmbeddedService } from '../../service';
import { ApiClient } from '../api-client';
import { AccountMirror } from './account-mirror';
import { MirrorStore } from './mirror-store';
import { replayProcessFile } from './testing/replay-process';

const email = 'crash@example.com';
const token = 'crash-test-token';
const repo = join(import.meta.dirname, '..', '..', '..');
let dir: string;
let service: EmbeddedService;
let api: ApiClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-replay-crash-'));
  service = await startEmbeddedService({
    dataDir: join(dir, 'service'),
    port: 0,
    users: [{ email, token }],
    log: () => {},
  });
  api = new ApiClient({ baseUrl: service.url, accessToken: () => token });
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the replay in a child process; kills it with SIGKILL once `killWhenPendingAtMost` is reached (plus a random moment). */
function runReplay(file: string, killWhenPendingAtMost?: number): Promise<{ killed: boolean; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', replayProcessFile, file, service.url, token], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let killing = false;
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (killing || killWhenPendingAtMost === undefined) return;
    const counts = [...out.matchAll(/^pending (\d+)$/gm)].map((m) => Number(m[1]));
    const last = counts[counts.length - 1];
    if (last !== undefined && last <= killWhenPendingAtMost) {
      killing = true;
      // Somewhere after that point: between commits, mid-request, or while the answer is being kept.
      setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 15));
    }
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ killed: true, out });
      else if (code === 0) resolve({ killed: false, out });
      else reject(new Error(`the replay process failed (${code}):\n${err}`));
    });
  });
}

it('replays 200 queued changes exactly once although the core is killed at random points, 10 times', async () => {
  // What the account holds before going offline: 50 events and one task list.
  const seeded: string[] = [];
  for (let i = 0; i < 50; i++) {
    const event = await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      {
        summary: `Seeded ${i}`,
        start: { dateTime: '2026-12-01T09:00:00Z' },
        end: { dateTime: '2026-12-01T10:00:00Z' },
      },
    );
    seeded.push(event.id!);
  }
  const list = await api.call('TasksTasklistsList', {});
  const tasklist = list.items![0]!.id!;
  const file = join(dir, 'mirror.sqlite');

  // Fill a mirror from the service, go offline, and queue 200 changes.
  const mirror = new AccountMirror({ account: 'google-crash', file, api, onStatus: () => {} });
  const events = await api.call('CalendarEventsList', { calendarId: 'primary', maxResults: 2500 });
  await mirror
    .sinkFor({ collection: 'events', key: email })!
    .apply({ cursor: events.nextSyncToken!, ids: [], items: events.items as Record<string, unknown>[] }, true);
  const calendars = await api.call('CalendarCalendarListList', {});
  await mirror
    .sinkFor({ collection: 'calendarList' })!
    .apply({ cursor: calendars.nextSyncToken!, ids: [], items: calendars.items as Record<string, unknown>[] }, true);
  mirror.tasks.applyLists(list.items as Record<string, unknown>[], new Date());
  mirror.tasks.applyTasks(tasklist, [], true, new Date());
  mirror.setOffline(true);

  // Interleaved, so the kills land on every kind of change: event inserts (client ids), event
  // edits (If-Match), task inserts (reconciled: Tasks has no client ids) and edits of those tasks.
  const insertedIds: string[] = [];
  const taskIds: string[] = [];
  const insertEvent = async (i: number): Promise<void> => {
    const made = (await mirror.write(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      {
        summary: `Offline event ${i}`,
        start: { dateTime: '2026-12-02T09:00:00Z' },
        end: { dateTime: '2026-12-02T10:00:00Z' },
      },
    )) as { id: string };
    insertedIds.push(made.id);
  };
  for (let i = 0; i < 50; i++) {
    await insertEvent(i);
    await mirror.write(
      'CalendarEventsPatch',
      { calendarId: 'primary', eventId: seeded[i]! },
      { summary: `Edited ${i}` },
    );
    const made = (await mirror.write('TasksTasksInsert', { tasklist }, { title: `Offline task ${i}` })) as {
      id: string;
    };
    taskIds.push(made.id);
    if (i < 20) await mirror.write('TasksTasksPatch', { tasklist, task: made.id }, { notes: `Notes ${i}` });
  }
  for (let i = 50; i < 80; i++) await insertEvent(i);
  expect(mirror.pendingCount()).toBe(200);
  await mirror.close();

  // Ten kill points spread over the whole replay: killed once that many changes have gone out (and a random moment more).
  const points = Array.from({ length: 10 }, () => Math.floor(Math.random() * 190)).sort((a, b) => a - b);
  let kills = 0;
  for (const point of points) {
    const { killed } = await runReplay(file, 200 - point);
    if (killed) kills++;
  }
  expect(kills).toBe(10);
  const { out } = await runReplay(file);
  expect(out).toMatch(/^done 0$/m);

  const store = new MirrorStore(file);
  expect(store.outboxCount()).toBe(0);
  expect(store.conflictCount()).toBe(0);
  store.close();

  const after = await api.call('CalendarEventsList', { calendarId: 'primary', maxResults: 2500 });
  const items = after.items ?? [];
  const offlineEvents = items.filter((e) => e.summary?.startsWith('Offline event '));
  expect(offlineEvents.map((e) => e.id).sort()).toEqual([...insertedIds].sort());
  expect(new Set(offlineEvents.map((e) => e.summary)).size).toBe(80);
  for (const [i, eventId] of seeded.entries()) expect(items.find((e) => e.id === eventId)?.summary).toBe(`Edited ${i}`);
  const tasks = (await api.call('TasksTasksList', { tasklist, maxResults: 100, showHidden: true })).items ?? [];
  const offlineTasks = tasks.filter((t) => t.title?.startsWith('Offline task '));
  expect(offlineTasks).toHaveLength(50);
  expect(new Set(offlineTasks.map((t) => t.title)).size).toBe(50);
  for (let i = 0; i < 20; i++)
    expect(offlineTasks.find((t) => t.title === `Offline task ${i}`)?.notes).toBe(`Notes ${i}`);
}, 180_000);
