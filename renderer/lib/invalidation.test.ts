import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidationFilterFor } from './invalidation';

const area = (operation: string) =>
  operation.startsWith('Calendar')
    ? 'calendar'
    : operation.startsWith('Tasks')
      ? 'tasks'
      : operation.startsWith('Drive')
        ? 'drive'
        : undefined;

function cacheWith(keys: unknown[][]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

async function staleKeysAfter(
  client: QueryClient,
  event: Parameters<typeof invalidationFilterFor>[0],
): Promise<string[]> {
  await client.invalidateQueries(invalidationFilterFor(event, area), { cancelRefetch: false, throwOnError: false });
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey));
}

describe('invalidationFilterFor', () => {
  const keys = [
    ['api', 'local', 'CalendarEventsList', { calendarId: 'me@atrium.local', singleEvents: true }],
    ['api', 'local', 'CalendarEventsList', { calendarId: 'team@atrium.local' }],
    ['api', 'local', 'CalendarEventsList', { calendarId: 'primary' }],
    ['api', 'local', 'CalendarEventsGet', { calendarId: 'me@atrium.local', eventId: 'e1' }],
    ['api', 'local', 'CalendarCalendarListList', {}],
    ['api', 'local', 'TasksTasksList', { tasklist: 'L1' }],
    ['api', 'local', 'TasksTasksList', { tasklist: 'L2' }],
    ['api', 'local', 'TasksTasklistsList', {}],
    ['api', 'local', 'DriveFilesList', { q: "'root' in parents" }],
    ['api', 'google-1', 'CalendarEventsList', { calendarId: 'me@atrium.local' }],
  ];

  it('refetches the events of the changed calendar (and primary aliases) only, for that account', async () => {
    const stale = await staleKeysAfter(cacheWith(keys), {
      type: 'changed',
      account: 'local',
      area: 'calendar',
      resource: 'events:me@atrium.local',
    });
    expect(stale.sort()).toEqual(
      [
        ['api', 'local', 'CalendarEventsList', { calendarId: 'me@atrium.local', singleEvents: true }],
        ['api', 'local', 'CalendarEventsList', { calendarId: 'primary' }],
        ['api', 'local', 'CalendarEventsGet', { calendarId: 'me@atrium.local', eventId: 'e1' }],
      ]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });

  it('refetches tasks of one list without touching the list of lists', async () => {
    const stale = await staleKeysAfter(cacheWith(keys), {
      type: 'changed',
      account: 'local',
      area: 'tasks',
      resource: 'tasks:L2',
    });
    expect(stale).toEqual([JSON.stringify(['api', 'local', 'TasksTasksList', { tasklist: 'L2' }])]);
  });

  it('refetches every query of the area for a collection it does not know', async () => {
    const stale = await staleKeysAfter(cacheWith(keys), {
      type: 'changed',
      account: 'local',
      area: 'tasks',
      resource: 'somethingNew',
    });
    expect(stale).toHaveLength(3);
  });

  it('refetches all of Drive on a Drive change', async () => {
    const stale = await staleKeysAfter(cacheWith(keys), {
      type: 'changed',
      account: 'local',
      area: 'drive',
      resource: 'changes',
    });
    expect(stale).toEqual([JSON.stringify(['api', 'local', 'DriveFilesList', { q: "'root' in parents" }])]);
  });

  it('refetches calendar list queries on calendarList changes', async () => {
    const stale = await staleKeysAfter(cacheWith(keys), {
      type: 'changed',
      account: 'local',
      area: 'calendar',
      resource: 'calendarList',
    });
    expect(stale).toEqual([JSON.stringify(['api', 'local', 'CalendarCalendarListList', {}])]);
  });
});
