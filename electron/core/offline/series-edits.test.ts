import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedService } from '../../service';
import type { EmbeddedService } from '../../service';
import { ApiClient } from '../api-client';
import { AccountMirror } from './account-mirror';

const email = 'series@example.com';
const token = 'series-edits-token';
let dir: string;
let service: EmbeddedService;
let api: ApiClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-series-edits-'));
  service = await startEmbeddedService({
    dataDir: join(dir, 'service'),
    port: 0,
    users: [{ email, token }],
    log: () => {},
  });
  api = new ApiClient({ baseUrl: service.url, accessToken: () => token, retry: { maxAttempts: 1 } });
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

type Event = { id: string; summary?: string; start?: { dateTime?: string }; recurringEventId?: string };

it('queues an edit of one occurrence and a move of a whole series offline, and replays them as different resources', async () => {
  const daily = (await api.call(
    'CalendarEventsInsert',
    { calendarId: 'primary' },
    {
      summary: 'Standup',
      start: { dateTime: '2026-12-07T09:00:00Z', timeZone: 'UTC' },
      end: { dateTime: '2026-12-07T09:15:00Z', timeZone: 'UTC' },
      recurrence: ['RRULE:FREQ=DAILY;COUNT=5'],
    },
  )) as Event;
  const weekly = (await api.call(
    'CalendarEventsInsert',
    { calendarId: 'primary' },
    {
      summary: 'Review',
      start: { dateTime: '2026-12-08T14:00:00Z', timeZone: 'UTC' },
      end: { dateTime: '2026-12-08T15:00:00Z', timeZone: 'UTC' },
      recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
    },
  )) as Event;
  const instances = (await api.call('CalendarEventsList', {
    calendarId: 'primary',
    singleEvents: true,
    timeMin: '2026-12-01T00:00:00Z',
    timeMax: '2027-01-31T00:00:00Z',
  })) as { items: Event[] };
  const third = instances.items.filter((e) => e.recurringEventId === daily.id)[2]!;

  const file = join(dir, 'mirror.sqlite');
  // Its requests find no one listening, as when the network is gone.
  const unreachable = new ApiClient({
    baseUrl: 'http://127.0.0.1:9',
    accessToken: () => token,
    retry: { maxAttempts: 1 },
  });
  const mirror = new AccountMirror({ account: 'google-series', file, api: unreachable, onStatus: () => {} });
  const events = await api.call('CalendarEventsList', { calendarId: 'primary', maxResults: 2500 });
  await mirror
    .sinkFor({ collection: 'events', key: email })!
    .apply({ cursor: events.nextSyncToken!, ids: [], items: events.items as Record<string, unknown>[] }, true);
  const calendars = await api.call('CalendarCalendarListList', {});
  await mirror
    .sinkFor({ collection: 'calendarList' })!
    .apply({ cursor: calendars.nextSyncToken!, ids: [], items: calendars.items as Record<string, unknown>[] }, true);
  mirror.setOffline(true);
  expect(mirror.queuesNow()).toBe(true);

  const one = mirror.queueSeriesEdit([
    { op: 'patch', calendarId: 'primary', eventId: third.id, body: { summary: 'Standup (demo day)' } },
  ]);
  expect(one.results).toMatchObject([{ id: third.id, summary: 'Standup (demo day)' }]);
  const moved = mirror.queueSeriesEdit([
    {
      op: 'patch',
      calendarId: 'primary',
      eventId: weekly.id,
      body: {
        start: { dateTime: '2026-12-08T16:00:00Z', timeZone: 'UTC' },
        end: { dateTime: '2026-12-08T17:00:00Z', timeZone: 'UTC' },
      },
    },
  ]);
  // Undo writes the series back as it was.
  expect(moved.undo).toMatchObject([
    { op: 'update', eventId: weekly.id, body: { start: { dateTime: '2026-12-08T14:00:00Z', timeZone: 'UTC' } } },
  ]);
  expect(mirror.pendingChanges().map((c) => c.resource?.id)).toEqual([third.id, weekly.id]);
  // Something the mirror does not hold cannot be queued: refused plainly, nothing changes.
  expect(() =>
    mirror.queueSeriesEdit([
      { op: 'patch', calendarId: 'primary', eventId: weekly.id, body: { summary: 'Half' } },
      { op: 'delete', calendarId: 'primary', eventId: 'notkeptoffline00' },
    ]),
  ).toThrow(/needs a connection/);
  expect(mirror.pendingCount()).toBe(2);
  await mirror.close();

  const online = new AccountMirror({ account: 'google-series', file, api, onStatus: () => {} });
  online.setOffline(false);
  await online.replay();
  expect(online.pendingCount()).toBe(0);
  expect(online.conflictList()).toEqual([]);
  await online.close();

  const after = (await api.call('CalendarEventsList', {
    calendarId: 'primary',
    singleEvents: true,
    timeMin: '2026-12-01T00:00:00Z',
    timeMax: '2027-01-31T00:00:00Z',
  })) as { items: Event[] };
  const standups = after.items.filter((e) => e.recurringEventId === daily.id);
  expect(standups.map((e) => e.summary)).toEqual(['Standup', 'Standup', 'Standup (demo day)', 'Standup', 'Standup']);
  expect(((await api.call('CalendarEventsGet', { calendarId: 'primary', eventId: daily.id })) as Event).summary).toBe(
    'Standup',
  );
  const reviews = after.items.filter((e) => e.recurringEventId === weekly.id);
  expect(reviews.map((e) => e.start?.dateTime?.slice(11, 16))).toEqual(['16:00', '16:00', '16:00', '16:00']);
});
