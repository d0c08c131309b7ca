import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEvent } from '../../../shared/ipc/contract';
import { startEmbeddedService } from '../../service';
import type { EmbeddedService } from '../../service';
import { ApiClient } from '../api-client';
import { createCore } from '../core';
import type { Core } from '../core';
import { EventFeed } from '../event-feed';
import { RelayServer } from '../relay-server';
import { recordIpc } from '../testing/ipc-recorder';
import type { RecordedIpc } from '../testing/ipc-recorder';
import { MemoryVault } from '../vault';
import { AccountSync } from './account-sync';
import { PollCadence } from './poll-cadence';
import { ResourceSync } from './resource-sync';
import { eventsSource } from './sync-sources';

let dir: string;
let core: Core;
let ipc: RecordedIpc;
let outside: ApiClient;
const me = 'me@atrium.local';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-relay-'));
  core = await createCore({
    userDataDir: dir,
    vault: new MemoryVault(),
    host: 'browser',
    config: {},
    changeWatch: { tasksPollMs: 60_000 },
    log: () => {},
  });
  ipc = recordIpc(core);
  outside = new ApiClient({ baseUrl: core.serviceUrl, accessToken: () => core.localUser.token });
  await core.sync?.get('local')?.start();
  await waitFor(() => (core.sync?.get('local')?.watchers() ?? []).every((w) => w.channel !== undefined));
});

afterAll(async () => {
  ipc?.close();
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

const liveChannelsSql = 'SELECT resource_key FROM channels WHERE stopped = 0 AND expiration > ?';
const liveChannels = (service: EmbeddedService): { resource_key: string }[] =>
  service.context.store.prepare(liveChannelsSql).all(Date.now()) as { resource_key: string }[];

/** The core's service runs in a worker thread: its channels are read from the database file, beside it. */
function localLiveChannels(): { resource_key: string }[] {
  const db = new Database(join(dir, 'local-service', 'atrium.sqlite'), { readonly: true });
  try {
    return db.prepare(liveChannelsSql).all(Date.now()) as { resource_key: string }[];
  } finally {
    db.close();
  }
}

const changed = (resource: string) => (event: IpcEvent) =>
  event.type === 'changed' && event.account === 'local' && event.resource === resource;

function notify(address: string, headers: Record<string, string>, method = 'POST'): Promise<Response> {
  return fetch(address, { method, headers });
}

describe('relay for the local account', () => {
  it('delivers a change made outside the app to the renderer as a change event naming the item', async () => {
    const mark = ipc.events.length;
    const created = await outside.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      {
        summary: 'Made elsewhere',
        start: { dateTime: '2031-05-01T10:00:00Z' },
        end: { dateTime: '2031-05-01T11:00:00Z' },
      },
    );
    const event = await ipc.waitForEvent(changed(`events:${me}`), { since: mark });
    expect(event).toMatchObject({ type: 'changed', area: 'calendar', ids: [created.id] });
    // It went out as an event frame of the IPC connection.
    expect(
      ipc.hostFrames.some((frame) => frame.includes('"type":"event"') && frame.includes(created.id as string)),
    ).toBe(true);
  });

  it('refuses forged notifications (unknown channel, wrong token, wrong method) and syncs nothing for them', async () => {
    const sync = core.sync?.get('local');
    const watcher = sync?.watchers().find((w) => w.channel && sync.resources().has(`events:${me}`));
    const channelId = watcher?.channel?.id ?? '';
    expect(channelId).not.toBe('');
    const relay = core.relay?.address ?? '';
    const passesBefore = [...(sync?.resources().values() ?? [])].map((r) => r.passes);
    const mark = ipc.events.length;
    const base = {
      'X-Goog-Message-Number': '900',
      'X-Goog-Resource-State': 'exists',
      'X-Goog-Resource-ID': 'x',
      'X-Goog-Resource-URI': 'x',
    };

    expect(
      (await notify(relay, { ...base, 'X-Goog-Channel-ID': 'no-such-channel', 'X-Goog-Channel-Token': 'x' })).status,
    ).toBe(404);
    expect(
      (await notify(relay, { ...base, 'X-Goog-Channel-ID': channelId, 'X-Goog-Channel-Token': 'guessed' })).status,
    ).toBe(403);
    expect((await notify(relay, { ...base, 'X-Goog-Channel-ID': channelId })).status).toBe(403);
    expect(
      (await notify(relay, { ...base, 'X-Goog-Channel-ID': channelId, 'X-Goog-Channel-Token': 'guessed' }, 'GET'))
        .status,
    ).toBe(405);
    expect(
      (await notify(relay, { ...base, 'X-Goog-Channel-ID': channelId, 'X-Goog-Channel-Token': 'guessed' }, 'DELETE'))
        .status,
    ).toBe(405);

    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([...(sync?.resources().values() ?? [])].map((r) => r.passes)).toEqual(passesBefore);
    expect(ipc.events.slice(mark).filter((e) => e.type === 'changed')).toEqual([]);
  });

  it('follows calendars as they come and go: a new calendar is watched, a deleted one has its channels stopped', async () => {
    const sync = core.sync?.get('local');
    const calendar = await outside.call('CalendarCalendarsInsert', {}, { summary: 'Club' });
    const id = calendar.id as string;
    await waitFor(() => localLiveChannels().filter((c) => c.resource_key.includes(id)).length === 2);
    expect(sync?.resources().has(`events:${id}`)).toBe(true);
    expect(sync?.resources().has(`acl:${id}`)).toBe(true);

    const mark = ipc.events.length;
    await outside.call(
      'CalendarEventsInsert',
      { calendarId: id },
      { summary: 'Practice', start: { dateTime: '2031-06-01T18:00:00Z' }, end: { dateTime: '2031-06-01T19:00:00Z' } },
    );
    await ipc.waitForEvent(changed(`events:${id}`), { since: mark });

    await outside.call('CalendarCalendarsDelete', { calendarId: id });
    await waitFor(() => localLiveChannels().filter((c) => c.resource_key.includes(id)).length === 0);
    expect(sync?.resources().has(`events:${id}`)).toBe(false);
  });
});

describe('burst of notifications', () => {
  let service: EmbeddedService;
  let relay: RelayServer;

  beforeAll(async () => {
    service = await startEmbeddedService({
      dataDir: join(dir, 'burst'),
      port: 0,
      users: [{ email: 'ann@example.com', token: 'ann-token' }],
    });
    relay = await RelayServer.start();
    // As the core does: the service notifies only the relay.
    service.setWebhookOrigins([new URL(relay.address).origin]);
  });

  afterAll(async () => {
    await relay?.close();
    await service?.close();
  });

  it('makes a burst of 100 notifications for one collection into a few sync passes and one change event', async () => {
    const api = new ApiClient({ baseUrl: service.url, accessToken: () => 'ann-token' });
    const feed = new EventFeed();
    const events: IpcEvent[] = [];
    feed.subscribe((event) => events.push(event));
    const sync = new ResourceSync({ api, account: 'ann', source: eventsSource('ann@example.com'), feed });
    await sync.prime();
    expect(sync.passes).toBe(1);
    relay.register({ id: 'burst-channel', token: 'burst-token', onNotification: () => sync.trigger() });

    const created = await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'Burst', start: { date: '2031-07-01' }, end: { date: '2031-07-02' } },
    );
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(relay.address, {
          method: 'POST',
          headers: {
            'X-Goog-Channel-ID': 'burst-channel',
            'X-Goog-Channel-Token': 'burst-token',
            'X-Goog-Message-Number': String(i + 1),
            'X-Goog-Resource-State': 'exists',
          },
        }).then((r) => r.status),
      ),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sync.idle();
    expect(sync.passes - 1).toBeGreaterThanOrEqual(1);
    expect(sync.passes - 1).toBeLessThanOrEqual(3);
    await waitFor(() => events.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(events).toEqual([
      { type: 'changed', account: 'ann', area: 'calendar', resource: 'events:ann@example.com', ids: [created.id] },
    ]);

    // Repeated message numbers and unknown states are acknowledged and ignored.
    const passes = sync.passes;
    for (const [number, state] of [
      ['5', 'exists'],
      ['101', 'exploded'],
    ] as const) {
      const status = (
        await fetch(relay.address, {
          method: 'POST',
          headers: {
            'X-Goog-Channel-ID': 'burst-channel',
            'X-Goog-Channel-Token': 'burst-token',
            'X-Goog-Message-Number': number,
            'X-Goog-Resource-State': state,
          },
        })
      ).status;
      expect(status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sync.passes).toBe(passes);
    sync.close();
    feed.close();
  });

  it('stops every channel of an account when its sync closes (as on quit)', async () => {
    const api = new ApiClient({ baseUrl: service.url, accessToken: () => 'ann-token' });
    const feed = new EventFeed();
    const cadence = new PollCadence({
      focusedPollMs: 60_000,
      unfocusedPollMs: 60_000,
      tasksFocusedPollMs: 60_000,
      tasksUnfocusedPollMs: 60_000,
    });
    const sync = new AccountSync({ account: 'ann', api, feed, push: { relay, watchRetryMs: 60_000 }, cadence });
    await sync.start();
    await waitFor(() => sync.watchers().every((w) => w.channel !== undefined));
    // Calendar list, settings, Drive changes, and the primary calendar's events and sharing rules.
    expect(liveChannels(service).length).toBe(5);
    await sync.close();
    expect(liveChannels(service)).toEqual([]);
    feed.close();
  });
});
