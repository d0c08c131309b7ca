import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { calendar_v3 } from '@googleapis/calendar';
import { alice, bob, expectApiError, startCalendarService, type CalendarTestService } from './test-support';

interface Delivery {
  headers: IncomingHttpHeaders;
}

/** A webhook receiver on 127.0.0.1 that records every notification. */
async function startListener(): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      deliveries.push({ headers: req.headers });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries, server };
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('watch channels', () => {
  let t: CalendarTestService;
  let asAlice: calendar_v3.Calendar;
  let listener: Awaited<ReturnType<typeof startListener>>;

  beforeAll(async () => {
    t = await startCalendarService();
    asAlice = t.client(alice.token);
    listener = await startListener();
    // Plain http on loopback is delivered to only when allowed.
    t.service.setWebhookOrigins([new URL(listener.url).origin]);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => listener.server.close(() => resolve()));
  });

  const statesFor = (channelId: string) =>
    listener.deliveries
      .filter((d) => d.headers['x-goog-channel-id'] === channelId)
      .map((d) => d.headers['x-goog-resource-state']);

  it('delivers sync, then exists on each event change, until the channel stops', async () => {
    const { data: channel } = await asAlice.events.watch({
      calendarId: 'primary',
      requestBody: { id: 'events-channel-1', type: 'web_hook', address: listener.url, token: 'secret-1' },
    });
    expect(channel).toMatchObject({ kind: 'api#channel', id: 'events-channel-1', token: 'secret-1' });
    expect(channel.resourceId).toBeTruthy();
    expect(channel.resourceUri).toContain('/calendar/v3/calendars/primary/events');
    await waitFor(() => statesFor('events-channel-1').length >= 1, 'sync notification');
    expect(statesFor('events-channel-1')).toEqual(['sync']);

    await asAlice.events.insert({
      calendarId: 'primary',
      requestBody: { summary: 'Ping', start: { date: '2030-01-01' }, end: { date: '2030-01-02' } },
    });
    await waitFor(() => statesFor('events-channel-1').length >= 2, 'exists notification');
    const exists = listener.deliveries.filter((d) => d.headers['x-goog-channel-id'] === 'events-channel-1')[1]!;
    expect(exists.headers).toMatchObject({
      'x-goog-resource-state': 'exists',
      'x-goog-channel-token': 'secret-1',
      'x-goog-resource-id': channel.resourceId,
    });

    await expectApiError(
      t.client(bob.token).channels.stop({ requestBody: { id: channel.id!, resourceId: channel.resourceId! } }),
      403,
    );
    await asAlice.channels.stop({ requestBody: { id: channel.id!, resourceId: channel.resourceId! } });
    await asAlice.events.insert({
      calendarId: 'primary',
      requestBody: { summary: 'Unheard', start: { date: '2030-01-03' }, end: { date: '2030-01-04' } },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statesFor('events-channel-1')).toEqual(['sync', 'exists']);
  });

  it('notifies calendar list, ACL and settings watchers', async () => {
    const asBob = t.client(bob.token);
    const { data: cal } = await asAlice.calendars.insert({ requestBody: { summary: 'Watched' } });
    await asBob.calendarList.watch({ requestBody: { id: 'bob-list', type: 'web_hook', address: listener.url } });
    await asAlice.acl.watch({
      calendarId: cal.id!,
      requestBody: { id: 'alice-acl', type: 'web_hook', address: listener.url },
    });
    const { data: settings } = await asAlice.settings.watch({
      requestBody: { id: 'alice-settings', type: 'web_hook', address: listener.url },
    });
    expect(settings.resourceUri).toContain('/calendar/v3/users/me/settings');
    await waitFor(
      () => statesFor('bob-list').length === 1 && statesFor('alice-acl').length === 1,
      'sync notifications',
    );

    await asAlice.acl.insert({
      calendarId: cal.id!,
      requestBody: { role: 'reader', scope: { type: 'user', value: bob.email } },
    });
    await waitFor(
      () => statesFor('bob-list').length === 2 && statesFor('alice-acl').length === 2,
      'change notifications',
    );
    expect(statesFor('bob-list')).toEqual(['sync', 'exists']);
    expect(statesFor('alice-acl')).toEqual(['sync', 'exists']);
    await expectApiError(
      asBob.acl.watch({ calendarId: cal.id!, requestBody: { id: 'bob-acl', type: 'web_hook', address: listener.url } }),
      403,
    );
  });
});
