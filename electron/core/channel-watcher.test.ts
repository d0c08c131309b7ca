import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEvent } from '../../shared/ipc/contract';
import { startEmbeddedService } from '../service';
import type { EmbeddedService } from '../service';
import { tasksModule } from '../service/tasks';
import { ApiClient } from './api-client';
import { ChannelWatcher, calendarEventsTarget } from './channel-watcher';
import type { WatchTarget } from './channel-watcher';
import { EventFeed } from './event-feed';
import { RelayServer } from './relay-server';

let dir: string;
let full: EmbeddedService;
let tasksOnly: EmbeddedService;
let relay: RelayServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-watch-'));
  const users = [{ email: 'ann@example.com', token: 'ann-token' }];
  full = await startEmbeddedService({ dataDir: join(dir, 'full'), port: 0, users });
  tasksOnly = await startEmbeddedService({ dataDir: join(dir, 'tasks'), port: 0, users, modules: [tasksModule] });
  relay = await RelayServer.start();
});

afterAll(async () => {
  await relay?.close();
  await full?.close();
  await tasksOnly?.close();
  await rm(dir, { recursive: true, force: true });
});

const counting = (target: WatchTarget, counter: { opens: number; stops: number }): WatchTarget => ({
  ...target,
  open: (api, body) => {
    counter.opens++;
    return target.open(api, body);
  },
  stop: (api, channel) => {
    counter.stops++;
    return target.stop(api, channel);
  },
});

describe('ChannelWatcher', () => {
  it('retries quietly while the service answers 501 for the watch', async () => {
    const api = new ApiClient({ baseUrl: tasksOnly.url, accessToken: () => 'ann-token' });
    const logged: string[] = [];
    const counter = { opens: 0, stops: 0 };
    const feed = new EventFeed();
    const watcher = new ChannelWatcher({
      api,
      account: 'local',
      relay,
      feed,
      target: counting(calendarEventsTarget('primary'), counter),
      retryMs: 40,
      log: (m) => logged.push(m),
    });
    expect(await watcher.open()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await watcher.close();
    expect(counter.opens).toBeGreaterThanOrEqual(3);
    expect(watcher.channel).toBeUndefined();
    expect(logged).toEqual([]);
    feed.close();
  });

  it('opens a channel, emits changed for notifications after sync, renews and stops it', async () => {
    const api = new ApiClient({ baseUrl: full.url, accessToken: () => 'ann-token' });
    const counter = { opens: 0, stops: 0 };
    const feed = new EventFeed(5);
    const events: IpcEvent[] = [];
    feed.subscribe((event) => events.push(event));
    const watcher = new ChannelWatcher({ api, account: 'local', relay, feed, target: counting(calendarEventsTarget('primary'), counter), retryMs: 1_000 });
    expect(await watcher.open()).toBe(true);
    const first = watcher.channel;
    expect(first?.resourceId).toBeTruthy();
    // The `sync` message alone is not a change.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(events).toEqual([]);

    await api.call('CalendarEventsInsert', { calendarId: 'primary' }, { summary: 'x', start: { date: '2032-01-01' }, end: { date: '2032-01-02' } });
    const deadline = Date.now() + 3_000;
    while (events.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([{ type: 'changed', account: 'local', area: 'calendar', resource: 'events:primary' }]);

    // Renewal replaces the channel and stops the old one.
    expect(await watcher.open()).toBe(true);
    expect(watcher.channel?.id).not.toBe(first?.id);
    expect(counter.stops).toBe(1);
    await watcher.close();
    expect(counter.stops).toBe(2);
    feed.close();
  });
});
