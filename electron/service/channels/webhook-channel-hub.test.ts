import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { Store } from '../store/store';
import type { User } from '../store/users';
import { coreMigrations } from '../common/migrations';
import { channelMigrations } from './migrations';
import { resourceIdFor, WebhookChannelHub } from './webhook-channel-hub';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
}

/** A webhook receiver; `failNext` makes the next N posts answer 500. */
class Receiver {
  readonly received: Received[] = [];
  failNext = 0;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (this.failNext > 0) {
          this.failNext--;
          res.writeHead(500).end();
          return;
        }
        this.received.push({ path: req.url ?? '', headers: req.headers });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const alice: User = { id: '1', email: 'alice@example.com', displayName: 'Alice' };
const bob: User = { id: '2', email: 'bob@example.com', displayName: 'Bob' };
const resource = {
  key: 'calendar:events:alice@example.com',
  uri: 'http://127.0.0.1/calendar/v3/calendars/alice%40example.com/events?alt=json',
};

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function apiErrorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('WebhookChannelHub', () => {
  const receiver = new Receiver();
  let dir: string;
  let store: Store;
  let hub: WebhookChannelHub;
  let clock: number;

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-channels-'));
    store = new Store(join(dir, 'db.sqlite'), [coreMigrations, channelMigrations]);
    clock = Date.parse('2030-01-01T00:00:00Z');
    hub = new WebhookChannelHub({
      store,
      now: () => new Date(clock),
      retryBaseDelayMs: 5,
      maxAttempts: 3,
      log: () => {},
      webhooks: { allowedOrigins: [receiver.url] },
    });
    receiver.received.length = 0;
    receiver.failNext = 0;
  });

  afterEach(async () => {
    await hub.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const watch = (id: string, extra: Partial<Parameters<WebhookChannelHub['watch']>[1]> = {}, user = alice) =>
    hub.watch(user, { id, type: 'web_hook', address: `${receiver.url}/hook/${id}`, ...extra }, resource);

  it('returns the channel resource and sends sync as message 1 with Google headers', async () => {
    const expiration = String(clock + 3_600_000);
    const channel = watch('ch-1', { token: 'secret=1', expiration });
    expect(channel).toEqual({
      kind: 'api#channel',
      id: 'ch-1',
      resourceId: resourceIdFor(resource.key),
      resourceUri: resource.uri,
      token: 'secret=1',
      expiration,
    });
    await until(() => receiver.received.length === 1, 'sync');
    const { path, headers } = receiver.received[0]!;
    expect(path).toBe('/hook/ch-1');
    expect(headers['x-goog-channel-id']).toBe('ch-1');
    expect(headers['x-goog-channel-token']).toBe('secret=1');
    expect(headers['x-goog-channel-expiration']).toBe(new Date(clock + 3_600_000).toUTCString());
    expect(headers['x-goog-resource-id']).toBe(channel.resourceId);
    expect(headers['x-goog-resource-uri']).toBe(resource.uri);
    expect(headers['x-goog-resource-state']).toBe('sync');
    expect(headers['x-goog-message-number']).toBe('1');
    expect(headers['x-goog-changed']).toBeUndefined();
  });

  it('notifies every live channel on the key, numbering messages per channel in order', async () => {
    watch('a');
    watch('b', { token: 'tb' });
    hub.watch(alice, { id: 'elsewhere', address: `${receiver.url}/hook/elsewhere` }, { key: 'other', uri: 'u' });
    hub.notify(resource.key, 'exists');
    hub.notify(resource.key, 'update', ['content', 'properties']);
    hub.notify(resource.key, 'not_exists');
    await until(() => receiver.received.length === 9 && hub.idle, 'notifications');
    const forA = receiver.received.filter((r) => r.path === '/hook/a').map((r) => r.headers);
    expect(forA.map((h) => [h['x-goog-message-number'], h['x-goog-resource-state']])).toEqual([
      ['1', 'sync'],
      ['2', 'exists'],
      ['3', 'update'],
      ['4', 'not_exists'],
    ]);
    expect(forA[2]!['x-goog-changed']).toBe('content,properties');
    expect(forA[0]!['x-goog-channel-token']).toBeUndefined();
    const forB = receiver.received.filter((r) => r.path === '/hook/b');
    expect(forB.map((r) => r.headers['x-goog-message-number'])).toEqual(['1', '2', '3', '4']);
    expect(forB.every((r) => r.headers['x-goog-channel-token'] === 'tb')).toBe(true);
    expect(receiver.received.filter((r) => r.path === '/hook/elsewhere')).toHaveLength(1);
  });

  it('retries a failed delivery with backoff and keeps order', async () => {
    watch('retry');
    await until(() => receiver.received.length === 1 && hub.idle, 'sync');
    receiver.failNext = 2;
    hub.notify(resource.key, 'exists');
    hub.notify(resource.key, 'not_exists');
    await until(() => receiver.received.length === 3 && hub.idle, 'retried deliveries');
    expect(receiver.received.slice(1).map((r) => r.headers['x-goog-message-number'])).toEqual(['2', '3']);
  });

  it('drops a message after the last attempt and goes on with the next', async () => {
    watch('drop');
    await until(() => receiver.received.length === 1 && hub.idle, 'sync');
    receiver.failNext = 3;
    hub.notify(resource.key, 'exists');
    hub.notify(resource.key, 'not_exists');
    await until(() => receiver.received.length === 2 && hub.idle, 'next message');
    expect(receiver.received[1]!.headers['x-goog-message-number']).toBe('3');
  });

  it('message numbers keep increasing after a restart', async () => {
    watch('persist');
    hub.notify(resource.key, 'exists');
    await until(() => receiver.received.length === 2 && hub.idle, 'first messages');
    await hub.close();
    hub = new WebhookChannelHub({
      store,
      now: () => new Date(clock),
      retryBaseDelayMs: 5,
      maxAttempts: 3,
      log: () => {},
      webhooks: { allowedOrigins: [receiver.url] },
    });
    hub.notify(resource.key, 'exists');
    await until(() => receiver.received.length === 3 && hub.idle, 'message after restart');
    expect(receiver.received[2]!.headers['x-goog-message-number']).toBe('3');
  });

  it('sends nothing to a stopped or expired channel', async () => {
    const stopped = watch('stopped');
    watch('expiring', { expiration: String(clock + 1000) });
    await until(() => receiver.received.length === 2 && hub.idle, 'syncs');
    hub.stop(alice, { id: 'stopped', resourceId: stopped.resourceId });
    clock += 2000;
    hub.notify(resource.key, 'exists');
    await new Promise((r) => setTimeout(r, 50));
    expect(hub.idle).toBe(true);
    expect(receiver.received).toHaveLength(2);
    // Ids of dead channels may be reused.
    watch('stopped');
    await until(() => receiver.received.length === 3, 'sync of reused id');
  });

  it('notifies a key watched after writes to it found no channel, and stops once its channel stops', async () => {
    hub.notify(resource.key, 'exists');
    const channel = watch('late');
    hub.notify(resource.key, 'exists');
    await until(() => receiver.received.length === 2 && hub.idle, 'sync and change');
    expect(receiver.received.map((r) => r.headers['x-goog-message-number'])).toEqual(['1', '2']);
    hub.stop(alice, { id: 'late', resourceId: channel.resourceId });
    hub.notify(resource.key, 'exists');
    await new Promise((r) => setTimeout(r, 50));
    expect(receiver.received).toHaveLength(2);
  });

  it('notifies a channel whose stop was rolled back', async () => {
    const channel = watch('kept');
    await until(() => receiver.received.length === 1 && hub.idle, 'sync');
    expect(() =>
      store.transaction(() => {
        hub.stop(alice, { id: 'kept', resourceId: channel.resourceId });
        hub.notify('other', 'exists');
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    hub.notify(resource.key, 'exists');
    await until(() => receiver.received.length === 2 && hub.idle, 'change after the rolled-back stop');
  });

  it('validates the request', () => {
    watch('dup');
    const dup = apiErrorOf(() => watch('dup'));
    expect([dup.code, dup.reason]).toEqual([400, 'channelIdNotUnique']);
    expect(apiErrorOf(() => watch('ftp', { address: 'ftp://example.com/x' })).code).toBe(400);
    expect(apiErrorOf(() => watch('bad-url', { address: 'not a url' })).code).toBe(400);
    expect(apiErrorOf(() => watch('type', { type: 'email' })).details[0]!.location).toBe('type');
    expect(apiErrorOf(() => watch('past', { expiration: String(clock - 1) })).details[0]!.location).toBe('expiration');
    expect(apiErrorOf(() => watch('nan', { expiration: 'tomorrow' })).code).toBe(400);
    expect(apiErrorOf(() => watch('bad id!')).details[0]!.location).toBe('id');
    expect(store.db.prepare('SELECT id FROM channels').all()).toEqual([{ id: 'dup' }]);
    expect(watch('webhook', { type: 'webhook' }).id).toBe('webhook');
  });

  it('applies ttl, the default lifetime and the maximum', () => {
    expect(watch('ttl', { params: { ttl: '60' } }).expiration).toBe(String(clock + 60_000));
    expect(watch('default').expiration).toBe(String(clock + 7 * 24 * 3600 * 1000));
    expect(watch('far', { expiration: String(clock + 365 * 24 * 3600 * 1000) }).expiration).toBe(
      String(clock + 28 * 24 * 3600 * 1000),
    );
  });

  it('lets only the creator stop a channel', () => {
    const channel = watch('mine');
    const other = apiErrorOf(() => hub.stop(bob, { id: 'mine', resourceId: channel.resourceId }));
    expect(other.code).toBe(403);
    expect(apiErrorOf(() => hub.stop(alice, { id: 'unknown', resourceId: channel.resourceId })).code).toBe(404);
    expect(apiErrorOf(() => hub.stop(alice, { id: 'mine', resourceId: 'wrong' })).code).toBe(404);
    hub.stop(alice, { id: 'mine', resourceId: channel.resourceId });
    expect(apiErrorOf(() => hub.stop(alice, { id: 'mine', resourceId: channel.resourceId })).code).toBe(404);
  });
});
