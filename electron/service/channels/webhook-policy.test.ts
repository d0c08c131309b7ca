import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedService, type EmbeddedService } from '../server';
import { exactWebhookPolicy, normaliseOrigin, permitsAddress, webhookPolicy } from './webhook-policy';

/** A real webhook receiver on 127.0.0.1 that records every request it gets. */
class Receiver {
  readonly received: { path: string; headers: IncomingHttpHeaders }[] = [];
  private server!: Server;
  port = 0;
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        this.received.push({ path: req.url ?? '', headers: req.headers });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const retryBaseDelayMs = 40;
/** Long enough for the first try and the first retry of anything that was sent. */
const quietMs = retryBaseDelayMs * 4 + 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

interface GoogleError {
  error: { code: number; message: string; errors: { domain: string; reason: string; location?: string }[] };
}

describe('webhook policy of the service', () => {
  const allowed = new Receiver();
  const unlisted = new Receiver();
  let dir: string;
  let service: EmbeddedService;
  const logged: string[] = [];

  beforeAll(async () => {
    await allowed.start();
    await unlisted.start();
  });
  afterAll(async () => {
    await allowed.stop();
    await unlisted.stop();
  });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-webhooks-'));
    service = await startEmbeddedService({
      dataDir: dir,
      users: [
        { email: 'ann@example.com', token: 'ann-token' },
        { email: 'bob@example.com', token: 'bob-token' },
      ],
      channels: { retryBaseDelayMs, maxAttempts: 3, maxChannelsPerUser: 3 },
      webhooks: { allowedOrigins: [`${allowed.origin}/`] },
      log: (line) => logged.push(line),
    });
    allowed.received.length = 0;
    unlisted.received.length = 0;
    logged.length = 0;
  });
  afterEach(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const watch = (channel: Record<string, unknown>, token = 'ann-token') =>
    fetch(`${service.url}/calendar/v3/users/me/calendarList/watch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'web_hook', ...channel }),
    });
  const stop = (id: string, resourceId: string) =>
    fetch(`${service.url}/calendar/v3/channels/stop`, {
      method: 'POST',
      headers: { Authorization: 'Bearer ann-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, resourceId }),
    });
  const storedChannels = () => service.context.store.prepare('SELECT id, address, token FROM channels').all();
  const addCalendar = () =>
    fetch(`${service.url}/calendar/v3/calendars`, {
      method: 'POST',
      headers: { Authorization: 'Bearer ann-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ summary: 'Changed' }),
    });

  async function expectRefused(channel: Record<string, unknown>, reason: string, location?: string): Promise<void> {
    const before = storedChannels();
    const response = await watch(channel);
    const body = (await response.json()) as GoogleError;
    expect(response.status).toBe(400);
    expect(body.error.code).toBe(400);
    expect(body.error.errors[0]!.reason).toBe(reason);
    if (location) expect(body.error.errors[0]!.location).toBe(location);
    expect(storedChannels()).toEqual(before);
  }

  it('refuses an unlisted loopback address, stores nothing, and that port hears nothing', async () => {
    const address = `http://127.0.0.1:${unlisted.port}/hook`;
    const response = await watch({ id: 'probe', address, token: 'secret' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 400,
        message: `WebHook callback must be HTTPS: ${address}`,
        errors: [
          {
            domain: 'global',
            reason: 'push.webhookUrlNotHttps',
            message: `WebHook callback must be HTTPS: ${address}`,
          },
        ],
        status: 'INVALID_ARGUMENT',
      },
    });
    expect(storedChannels()).toEqual([]);
    await addCalendar();
    await sleep(quietMs);
    expect(unlisted.received).toEqual([]);
  });

  it.each([
    ['localhost', (port: number) => `http://localhost:${port}/hook`],
    ['a decimal IPv4 address', (port: number) => `http://2130706433:${port}/hook`],
    ['a hexadecimal IPv4 address', (port: number) => `http://0x7f000001:${port}/hook`],
    ['an IPv4-mapped IPv6 address', (port: number) => `http://[::ffff:127.0.0.1]:${port}/hook`],
    ['a shortened IPv4 address', (port: number) => `http://127.1:${port}/hook`],
  ])('refuses %s naming an unlisted port', async (_, address) => {
    await expectRefused({ id: 'alias', address: address(unlisted.port) }, 'push.webhookUrlNotHttps');
    await sleep(quietMs);
    expect(unlisted.received).toEqual([]);
  });

  it('takes an alias of the allowed origin for what it is, and refuses names that are not the same origin', async () => {
    expect((await watch({ id: 'decimal', address: `http://2130706433:${allowed.port}/decimal` })).status).toBe(200);
    expect((await watch({ id: 'hex', address: `http://0x7f000001:${allowed.port}/hex` })).status).toBe(200);
    await until(() => allowed.received.length === 2, 'both syncs');
    expect(allowed.received.map((r) => r.path).sort()).toEqual(['/decimal', '/hex']);
    // Stored as parsed: what was checked is what is fetched.
    expect(storedChannels()).toContainEqual({
      id: 'decimal',
      address: `http://127.0.0.1:${allowed.port}/decimal`,
      token: null,
    });
    await expectRefused({ id: 'name', address: `http://localhost:${allowed.port}/x` }, 'push.webhookUrlNotHttps');
    await expectRefused(
      { id: 'mapped', address: `http://[::ffff:127.0.0.1]:${allowed.port}/x` },
      'push.webhookUrlNotHttps',
    );
  });

  it('delivers sync and changes to an allowed origin, with the token', async () => {
    const response = await watch({ id: 'mine', address: `${allowed.origin}/hook`, token: 'café ☕ token' });
    expect(response.status).toBe(200);
    await until(() => allowed.received.length === 1, 'sync');
    await addCalendar();
    await until(() => allowed.received.length === 2, 'change');
    const [sync, change] = allowed.received;
    expect(sync!.headers['x-goog-resource-state']).toBe('sync');
    expect(change!.headers['x-goog-resource-state']).toBe('exists');
    // Sent as UTF-8 bytes; Node reads header bytes as Latin-1.
    const token = Buffer.from(sync!.headers['x-goog-channel-token'] as string, 'latin1').toString('utf8');
    expect(token).toBe('café ☕ token');
  });

  it('refuses a token with CR, LF or other control characters, and keeps the log clean', async () => {
    for (const token of ['a\r\nX-Injected: 1', 'tab\there', 'nul\u0000', 'c1\u0085', 'ls\u2028']) {
      await expectRefused({ id: 'tok', address: `${allowed.origin}/hook`, token }, 'invalid', 'token');
    }
    await sleep(quietMs);
    expect(allowed.received).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('refuses a token over 256 characters and takes one of 256', async () => {
    await expectRefused({ id: 'long', address: `${allowed.origin}/hook`, token: 'x'.repeat(257) }, 'invalid', 'token');
    expect((await watch({ id: 'long', address: `${allowed.origin}/hook`, token: '☕'.repeat(256) })).status).toBe(200);
  });

  it('refuses a user name or password in the address', async () => {
    await expectRefused(
      { id: 'creds', address: `http://user:pw@127.0.0.1:${allowed.port}/hook` },
      'invalid',
      'address',
    );
    await expectRefused({ id: 'creds', address: `https://user@example.com/hook` }, 'invalid', 'address');
    await sleep(quietMs);
    expect(allowed.received).toEqual([]);
  });

  it('refuses addresses that are not http(s) URLs and ids Google would not take', async () => {
    await expectRefused({ id: 'ftp', address: 'ftp://example.com/x' }, 'invalid', 'address');
    await expectRefused({ id: 'rel', address: '/relative' }, 'invalid', 'address');
    await expectRefused({ id: 'ctl', address: `${allowed.origin}/a\r\nb` }, 'invalid', 'address');
    await expectRefused({ id: 'x'.repeat(65), address: `${allowed.origin}/hook` }, 'invalid', 'id');
    await expectRefused({ id: 'sp ace', address: `${allowed.origin}/hook` }, 'invalid', 'id');
    expect((await watch({ id: 'Aa0-_+/=', address: `${allowed.origin}/hook` })).status).toBe(200);
  });

  it('takes any https address by default', async () => {
    // Nothing listens there; what matters is that the channel is opened.
    expect((await watch({ id: 'public', address: 'https://hooks.example.com/calendar' })).status).toBe(200);
  });

  it('caps the live channels of a user; a stopped one frees its place, other users are not counted', async () => {
    const ids: Record<string, string> = {};
    for (const id of ['c1', 'c2', 'c3']) {
      const response = await watch({ id, address: `${allowed.origin}/${id}` });
      expect(response.status).toBe(200);
      ids[id] = ((await response.json()) as { resourceId: string }).resourceId;
    }
    await expectRefused({ id: 'c4', address: `${allowed.origin}/c4` }, 'invalid');
    expect((await watch({ id: 'b1', address: `${allowed.origin}/b1` }, 'bob-token')).status).toBe(200);
    expect((await stop('c1', ids['c1']!)).status).toBe(204);
    expect((await watch({ id: 'c4', address: `${allowed.origin}/c4` })).status).toBe(200);
  });

  it('with exactly the relay origin set, refuses even https, and stops delivering to channels it no longer allows', async () => {
    expect((await watch({ id: 'before', address: `${allowed.origin}/before` })).status).toBe(200);
    await until(() => allowed.received.length === 1, 'sync');
    service.setWebhookOrigins([unlisted.origin]);

    await expectRefused({ id: 'public', address: 'https://hooks.example.com/x' }, 'push.webhookUrlUnauthorized');
    const refused = (await (await watch({ id: 'old', address: `${allowed.origin}/x` })).json()) as GoogleError;
    expect(refused.error.message).toBe(`Unauthorized WebHook callback channel: ${allowed.origin}/x`);
    expect((await watch({ id: 'relay', address: `${unlisted.origin}/relay` })).status).toBe(200);

    await addCalendar();
    await until(() => unlisted.received.length === 2, 'sync and change at the relay');
    await sleep(quietMs);
    expect(allowed.received).toHaveLength(1);
    expect(logged).toEqual(['channel before: not delivered, the webhook policy does not allow its address']);
  });

  it('does not deliver to a channel stored before the policy refused its address', async () => {
    // As a database written by an earlier version holds it.
    service.context.store
      .prepare(
        `INSERT INTO channels (id, resource_id, resource_uri, resource_key, user_id, address, token, expiration,
           next_message_number, stopped, created)
         SELECT 'legacy', 'r', 'u', 'calendar:calendarList:ann@example.com', id, ?, 'LEGACY', ?, 2, 0, '2030-01-01'
           FROM users WHERE email = 'ann@example.com'`,
      )
      .run(`http://127.0.0.1:${unlisted.port}/legacy`, Date.now() + 3_600_000);
    expect((await watch({ id: 'current', address: `${allowed.origin}/current` })).status).toBe(200);
    await addCalendar();
    await until(() => allowed.received.length === 2, 'sync and change of the allowed channel');
    await sleep(quietMs);
    expect(unlisted.received).toEqual([]);
  });
});

describe('webhook policy data', () => {
  it('normalises origins as a URL parser does and refuses what is not an origin', () => {
    expect(normaliseOrigin('HTTP://LocalHost:80/')).toBe('http://localhost');
    expect(normaliseOrigin('http://2130706433:8080')).toBe('http://127.0.0.1:8080');
    expect(normaliseOrigin('https://[::FFFF:127.0.0.1]:443')).toBe('https://[::ffff:7f00:1]');
    for (const bad of ['ftp://x', 'http://u:p@x', 'http://x/path', 'http://x?q', 'nope'])
      expect(() => normaliseOrigin(bad)).toThrow();
  });

  it('refuses to start a service with a malformed allowed origin, before creating anything', async () => {
    const dir = join(tmpdir(), `atrium-webhooks-bad-${process.pid}`);
    await expect(
      startEmbeddedService({ dataDir: dir, webhooks: { allowedOrigins: ['http://127.0.0.1:9/hook'] } }),
    ).rejects.toThrow(/no path/);
    expect(existsSync(dir)).toBe(false);
  });

  it('is plain data that survives structured cloning', () => {
    const policy = webhookPolicy({ allowedOrigins: ['http://0x7f000001:9'] });
    expect(structuredClone(policy)).toEqual({ origins: ['http://127.0.0.1:9'], others: 'https' });
    expect(permitsAddress(policy, 'http://127.0.0.1:9/x')).toBe(true);
    expect(permitsAddress(policy, 'http://127.0.0.1:10/x')).toBe(false);
    expect(permitsAddress(policy, 'https://example.com/x')).toBe(true);
    expect(permitsAddress(webhookPolicy({ httpsOnly: false }), 'http://example.com/x')).toBe(true);
    expect(permitsAddress(exactWebhookPolicy(['http://127.0.0.1:9']), 'https://example.com/x')).toBe(false);
  });
});
