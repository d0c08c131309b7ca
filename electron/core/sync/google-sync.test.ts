import { collectionRefId, type Collection } from '../../../shared/api/collections';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEvent } from '../../../shared/ipc/contract';
import { ApiClient } from '../api-client';
import { createCore } from '../core';
import type { Core } from '../core';
import { startGoogleStandIn } from '../testing/google-stand-in';
import type { GoogleStandIn } from '../testing/google-stand-in';
import { recordIpc } from '../testing/ipc-recorder';
import type { RecordedIpc } from '../testing/ipc-recorder';
import { signInThroughPages } from '../testing/provider-pages';
import { MemoryVault } from '../vault';

const day = 24 * 3600 * 1000;
let dir: string;
let clockOffset = 0;
let standIn: GoogleStandIn;
let direct: ApiClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-google-sync-'));
  standIn = await startGoogleStandIn({ dataDir: join(dir, 'google'), now: () => new Date(Date.now() + clockOffset) });
  // Ann working on her data from elsewhere (another device), straight at the API.
  direct = new ApiClient({
    baseUrl: standIn.service.url,
    accessToken: () => standIn.serviceTokenFor('ann@example.com'),
  });
});

afterAll(async () => {
  await standIn?.close();
  await rm(dir, { recursive: true, force: true });
});

async function openCore(
  name: string,
  changeWatch: Parameters<typeof createCore>[0]['changeWatch'],
): Promise<{ core: Core; ipc: RecordedIpc; account: string }> {
  const core = await createCore({
    userDataDir: join(dir, name),
    vault: new MemoryVault(),
    host: 'browser',
    config: { google: standIn.config },
    changeWatch,
    retry: { maxAttempts: 1, baseDelayMs: 5, maxDelayMs: 10 },
    log: () => {},
  });
  const ipc = recordIpc(core);
  const account = await signInThroughPages(ipc, 'ann@example.com');
  await core.sync?.get(account)?.start();
  return { core, ipc, account };
}

const changedIn = (account: string, collection: Collection, key?: string) => (event: IpcEvent) =>
  event.type === 'changed' && event.account === account && event.collection === collection && event.key === key;

const newEvent = (summary: string) => ({
  summary,
  start: { dateTime: '2031-03-01T09:00:00Z' },
  end: { dateTime: '2031-03-01T10:00:00Z' },
});

describe('a Google account without a public relay address is polled', () => {
  let core: Core;
  let ipc: RecordedIpc;
  let account: string;

  beforeAll(async () => {
    ({ core, ipc, account } = await openCore('polled', { pollMs: 150, unfocusedPollMs: 600, tasksPollMs: 150 }));
  });

  afterAll(async () => {
    ipc?.close();
    await core?.close();
  });

  it('notices changes made elsewhere through sync tokens and names the changed items', async () => {
    expect(core.sync?.get(account)?.mode).toBe('poll');
    const mark = ipc.events.length;
    const created = await direct.call('CalendarEventsInsert', { calendarId: 'primary' }, newEvent('From the phone'));
    const event = await ipc.waitForEvent(changedIn(account, 'events', 'ann@example.com'), { since: mark });
    expect(event).toMatchObject({ ids: [created.id] });
    expect(
      standIn.apiRequests.some(
        (r) => r.path === '/calendar/v3/calendars/ann%40example.com/events' && r.query.includes('syncToken='),
      ),
    ).toBe(true);
  });

  it('always polls Tasks with updatedMin', async () => {
    const lists = await direct.call('TasksTasklistsList', {});
    const list = lists.items?.[0]?.id as string;
    const mark = ipc.events.length;
    await direct.call('TasksTasksInsert', { tasklist: list }, { title: 'Call the plumber' });
    await ipc.waitForEvent(changedIn(account, 'tasks', list), { since: mark });
    expect(
      standIn.apiRequests.some((r) => r.path === `/tasks/v1/lists/${list}/tasks` && r.query.includes('updatedMin=')),
    ).toBe(true);
  });

  it('polls quickly while a window has focus and slowly while none has, catching up on focus', async () => {
    const sync = core.sync?.get(account);
    const times = sync?.pollTimes ?? [];
    const gaps = (from: number): number[] =>
      times
        .slice(from)
        .slice(1)
        .map((t, i) => t - (times[from + i] ?? t));
    const median = (values: number[]): number =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Infinity;
    let mark = times.length;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const focusedGaps = gaps(mark);
    // A round waits for the interval after the previous one started, or for that round to finish when it is slower.
    expect(focusedGaps.length).toBeGreaterThanOrEqual(2);
    expect(median(focusedGaps)).toBeLessThan(500);

    await ipc.client.invoke('app.focus', { focused: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    mark = times.length;
    await new Promise((resolve) => setTimeout(resolve, 1_400));
    const unfocusedGaps = gaps(mark);
    expect(unfocusedGaps.length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...unfocusedGaps)).toBeGreaterThanOrEqual(550);

    const before = times.length;
    const focusedAt = Date.now();
    await ipc.client.invoke('app.focus', { focused: true });
    const deadline = Date.now() + 1_000;
    while (times.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((times[before] ?? Infinity) - focusedAt).toBeLessThan(300);
  });

  it('starts over with a full listing when a sync token has expired (410), telling the renderer everything may have changed', async () => {
    const mark = ipc.events.length;
    clockOffset += 31 * day;
    try {
      const event = await ipc.waitForEvent(changedIn(account, 'events', 'ann@example.com'), { since: mark });
      expect(event).toMatchObject({ full: true });
      expect(standIn.apiRequests.some((r) => r.status === 410)).toBe(true);
      // And carries on incrementally with the new token.
      const later = ipc.events.length;
      const created = await direct.call('CalendarEventsInsert', { calendarId: 'primary' }, newEvent('After the reset'));
      await ipc.waitForEvent(
        (e) =>
          changedIn(account, 'events', 'ann@example.com')(e) &&
          e.type === 'changed' &&
          (e.ids ?? []).includes(created.id as string),
        { since: later },
      );
    } finally {
      clockOffset -= 31 * day;
    }
  });
});

describe('rate limits and lost connections', () => {
  let core: Core;
  let ipc: RecordedIpc;
  let account: string;

  beforeAll(async () => {
    ({ core, ipc, account } = await openCore('faults', {
      pollMs: 60_000,
      unfocusedPollMs: 60_000,
      tasksPollMs: 60_000,
      backoff: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 100, maxDelayMs: 2_000 },
      reconnect: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 50, maxDelayMs: 200 },
    }));
  });

  afterAll(async () => {
    ipc?.close();
    await core?.close();
  });

  it('backs off exponentially, with jitter, while the API answers "rate limited", then syncs', async () => {
    const events = core.sync
      ?.get(account)
      ?.resources()
      .get(collectionRefId({ collection: 'events', key: 'ann@example.com' }));
    const created = await direct.call('CalendarEventsInsert', { calendarId: 'primary' }, newEvent('Rate limited'));
    const mark = ipc.events.length;
    const from = standIn.apiRequests.length;
    standIn.failApiRequests(4, 429, 'rateLimitExceeded');
    events?.trigger();
    await ipc.waitForEvent((e) => e.type === 'changed' && (e.ids ?? []).includes(created.id as string), {
      since: mark,
      timeoutMs: 8_000,
    });
    const refused = standIn.apiRequests
      .slice(from)
      .filter((r) => r.status === 429)
      .map((r) => r.at);
    expect(refused).toHaveLength(4);
    const gaps = refused.slice(1).map((t, i) => t - (refused[i] ?? t));
    // Steps of 100, 200, 400 ms, each waited between half and all of it.
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);
    expect(gaps[2]).toBeGreaterThan(gaps[0] ?? 0);
  });

  it('says it is offline when the API cannot be reached, and catches up by itself when it can again', async () => {
    const sync = core.sync?.get(account);
    let mark = ipc.events.length;
    await standIn.takeApiOffline();
    await sync?.pollNow();
    await ipc.waitForEvent((e) => e.type === 'syncState' && e.account === account && e.state === 'offline', {
      since: mark,
    });
    await ipc.waitForEvent(
      (e) => e.type === 'accounts' && e.accounts.some((a) => a.id === account && a.state === 'offline'),
      { since: mark },
    );
    expect(sync?.state).toBe('offline');

    const created = await direct.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      newEvent('Made while offline'),
    );
    mark = ipc.events.length;
    await standIn.bringApiOnline();
    await ipc.waitForEvent((e) => e.type === 'syncState' && e.account === account && e.state === 'online', {
      since: mark,
    });
    await ipc.waitForEvent((e) => e.type === 'changed' && (e.ids ?? []).includes(created.id as string), {
      since: mark,
    });
    expect((await ipc.client.invoke('accounts.list', {})).accounts.find((a) => a.id === account)?.state).toBe('ok');
  });
});

describe('a Google account with a public relay address is pushed to', () => {
  const publicUrl = 'https://relay.atrium.example/notifications';
  let core: Core;
  let ipc: RecordedIpc;
  let account: string;

  beforeAll(async () => {
    core = await createCore({
      userDataDir: join(dir, 'pushed'),
      vault: new MemoryVault(),
      host: 'browser',
      config: { google: standIn.config, relay: { publicUrl } },
      changeWatch: { pollMs: 60_000, unfocusedPollMs: 60_000, tasksPollMs: 60_000 },
      log: () => {},
    });
    ipc = recordIpc(core);
    account = await signInThroughPages(ipc, 'ann@example.com');
    await core.sync?.get(account)?.start();
  });

  afterAll(async () => {
    ipc?.close();
    await core?.close();
  });

  it('opens channels at Google addressed to the public relay, and syncs when a forwarded notification arrives', async () => {
    const sync = core.sync?.get(account);
    expect(sync?.mode).toBe('push');
    const watcher = sync
      ?.watchers()
      .find(
        (w) => w.channel && sync.resources().has(collectionRefId({ collection: 'events', key: 'ann@example.com' })),
      );
    const deadline = Date.now() + 5_000;
    while (!sync?.watchers().every((w) => w.channel) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const rows = standIn.service.context.store
      .prepare(
        "SELECT id, address, token, resource_key FROM channels WHERE stopped = 0 AND resource_key LIKE '%events%'",
      )
      .all() as { id: string; address: string; token: string; resource_key: string }[];
    const mine = rows.filter((row) => sync?.watchers().some((w) => w.channel?.id === row.id));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.address === publicUrl)).toBe(true);
    expect(watcher).toBeDefined();

    // What a tunnel from the public address would hand to the local relay.
    const created = await direct.call('CalendarEventsInsert', { calendarId: 'primary' }, newEvent('Pushed'));
    const mark = ipc.events.length;
    const row = mine[0];
    const answer = await fetch(core.relay?.address ?? '', {
      method: 'POST',
      headers: {
        'X-Goog-Channel-ID': row?.id ?? '',
        'X-Goog-Channel-Token': row?.token ?? '',
        'X-Goog-Message-Number': '2',
        'X-Goog-Resource-State': 'exists',
      },
    });
    expect(answer.status).toBe(200);
    const event = await ipc.waitForEvent(changedIn(account, 'events', 'ann@example.com'), { since: mark });
    expect(event).toMatchObject({ ids: [created.id] });
  });
});
