import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedService, tasksModule } from '../service';
import type { EmbeddedService } from '../service';
import { ApiClient } from './api-client';
import { ChannelWatcher, calendarEventsTarget } from './channel-watcher';
import type { WatchTarget } from './channel-watcher';
import { RelayServer } from './relay-server';

let dir: string;
let full: EmbeddedService;
let tasksOnly: EmbeddedService;
let shortLived: EmbeddedService;
let relay: RelayServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-watch-'));
  const users = [{ email: 'ann@example.com', token: 'ann-token' }];
  full = await startEmbeddedService({ dataDir: join(dir, 'full'), port: 0, users });
  tasksOnly = await startEmbeddedService({ dataDir: join(dir, 'tasks'), port: 0, users, modules: [tasksModule] });
  // Channels here live 1.5 s, so renewal before expiry can be watched happening.
  shortLived = await startEmbeddedService({
    dataDir: join(dir, 'short'),
    port: 0,
    users,
    channels: { defaultTtlMs: 1_500, maxTtlMs: 1_500 },
  });
  relay = await RelayServer.start();
  // As the core does: each service notifies only the relay.
  for (const service of [full, tasksOnly, shortLived]) service.setWebhookOrigins([new URL(relay.address).origin]);
});

afterAll(async () => {
  await relay?.close();
  await full?.close();
  await tasksOnly?.close();
  await shortLived?.close();
  await rm(dir, { recursive: true, force: true });
});

const waitFor = async (check: () => boolean, timeoutMs = 3_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const liveChannels = (service: EmbeddedService): number =>
  (service.context.store.prepare('SELECT count(*) AS n FROM channels WHERE stopped = 0').get() as { n: number }).n;

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
    const watcher = new ChannelWatcher({
      api,
      relay,
      onChange: () => {},
      target: counting(calendarEventsTarget('primary'), counter),
      retryMs: 40,
      log: (m) => logged.push(m),
    });
    expect(await watcher.open()).toBe(false);
    // Each retry is a request to the service and a 40 ms wait: a busy machine takes longer for three.
    await vi.waitFor(() => expect(counter.opens).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 20 });
    await watcher.close();
    expect(watcher.channel).toBeUndefined();
    expect(logged).toEqual([]);
  });

  it('opens a channel, passes on notifications after sync, renews and stops it', async () => {
    const api = new ApiClient({ baseUrl: full.url, accessToken: () => 'ann-token' });
    const counter = { opens: 0, stops: 0 };
    let changes = 0;
    const watcher = new ChannelWatcher({
      api,
      relay,
      onChange: () => changes++,
      target: counting(calendarEventsTarget('primary'), counter),
      retryMs: 1_000,
    });
    expect(await watcher.open()).toBe(true);
    const first = watcher.channel;
    expect(first?.resourceId).toBeTruthy();
    // The `sync` message alone is not a change.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(changes).toBe(0);

    await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'x', start: { date: '2032-01-01' }, end: { date: '2032-01-02' } },
    );
    await waitFor(() => changes === 1);

    // Renewal replaces the channel and stops the old one.
    expect(await watcher.open()).toBe(true);
    expect(watcher.channel?.id).not.toBe(first?.id);
    expect(counter.stops).toBe(1);
    await watcher.close();
    expect(counter.stops).toBe(2);
    expect(liveChannels(full)).toBe(0);
  });

  it('renews a channel close to its expiration, before it lapses, and keeps receiving through the new one', async () => {
    const api = new ApiClient({ baseUrl: shortLived.url, accessToken: () => 'ann-token' });
    const counter = { opens: 0, stops: 0 };
    let changes = 0;
    const watcher = new ChannelWatcher({
      api,
      relay,
      onChange: () => changes++,
      target: counting(calendarEventsTarget('primary'), counter),
      retryMs: 1_000,
    });
    watcher.start();
    await waitFor(() => watcher.channel !== undefined);
    const first = watcher.channel;
    expect(first?.expiration).toBeGreaterThan(Date.now());
    expect(first?.expiration).toBeLessThanOrEqual(Date.now() + 1_500);

    await waitFor(() => watcher.channel?.id !== first?.id, 2_500);
    // Renewed while the old one was still live, and the old one was stopped once the new one was open.
    expect(counter.opens).toBe(2);
    await waitFor(() => counter.stops === 1);
    await waitFor(() => liveChannels(shortLived) === 1);

    await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'after renewal', start: { date: '2032-02-01' }, end: { date: '2032-02-02' } },
    );
    await waitFor(() => changes >= 1);
    await watcher.close();
    await waitFor(() => liveChannels(shortLived) === 0);
  });
});
