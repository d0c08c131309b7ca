import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelNotification } from './relay-server';
import { RelayServer } from './relay-server';

let relay: RelayServer;
const received: ChannelNotification[] = [];

beforeAll(async () => {
  relay = await RelayServer.start();
  relay.register({ id: 'chan-1', token: 'right-token', onNotification: (n) => received.push(n) });
});

afterAll(async () => {
  await relay.close();
});

function notify(headers: Record<string, string>, method = 'POST', address = relay.address): Promise<Response> {
  return fetch(address, { method, headers });
}

const goodHeaders = (messageNumber: number, state = 'exists'): Record<string, string> => ({
  'X-Goog-Channel-ID': 'chan-1',
  'X-Goog-Channel-Token': 'right-token',
  'X-Goog-Message-Number': String(messageNumber),
  'X-Goog-Resource-State': state,
  'X-Goog-Resource-ID': 'res-1',
  'X-Goog-Resource-URI': 'http://127.0.0.1/calendar/v3/calendars/primary/events',
});

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

describe('RelayServer', () => {
  it('listens on loopback', () => {
    expect(relay.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/notifications$/);
  });

  it('accepts a notification for a registered channel with its token and passes it on', async () => {
    const response = await notify({ ...goodHeaders(2), 'X-Goog-Changed': 'content, properties' });
    expect(response.status).toBe(200);
    await settle();
    expect(received.at(-1)).toMatchObject({
      channelId: 'chan-1',
      state: 'exists',
      messageNumber: 2,
      resourceId: 'res-1',
      changed: ['content', 'properties'],
    });
  });

  it('acknowledges a repeated message number but passes it on only once', async () => {
    const before = received.length;
    expect((await notify(goodHeaders(3))).status).toBe(200);
    expect((await notify(goodHeaders(3))).status).toBe(200);
    expect((await notify(goodHeaders(2))).status).toBe(200);
    await settle();
    expect(received.length - before).toBe(1);
  });

  it('refuses an unknown channel', async () => {
    const before = received.length;
    const response = await notify({ ...goodHeaders(10), 'X-Goog-Channel-ID': 'chan-unknown' });
    expect(response.status).toBe(404);
    await settle();
    expect(received.length).toBe(before);
  });

  it('refuses a wrong or missing token', async () => {
    const before = received.length;
    expect((await notify({ ...goodHeaders(11), 'X-Goog-Channel-Token': 'right-tokeN' })).status).toBe(403);
    const { 'X-Goog-Channel-Token': _dropped, ...withoutToken } = goodHeaders(12);
    expect((await notify(withoutToken)).status).toBe(403);
    await settle();
    expect(received.length).toBe(before);
  });

  it('refuses methods other than POST and other paths', async () => {
    expect((await notify(goodHeaders(13), 'GET')).status).toBe(405);
    expect((await notify(goodHeaders(14), 'PUT')).status).toBe(405);
    expect((await notify(goodHeaders(15), 'POST', relay.address.replace('/notifications', '/other'))).status).toBe(404);
  });

  it('refuses a notification without a message number', async () => {
    const { 'X-Goog-Message-Number': _dropped, ...rest } = goodHeaders(0);
    expect((await notify(rest)).status).toBe(400);
  });

  it('forgets unregistered channels', async () => {
    relay.register({ id: 'chan-2', token: 't2', onNotification: () => {} });
    relay.unregister('chan-2');
    const response = await notify({ ...goodHeaders(1), 'X-Goog-Channel-ID': 'chan-2', 'X-Goog-Channel-Token': 't2' });
    expect(response.status).toBe(404);
  });
});
