import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { operationList, type OperationName } from '../../shared/api/registry';
import type { ChangedEvent } from '../../shared/ipc/contract';
import { invalidateAfterWrite, invalidationFilterFor, writeInvalidationFilter } from './invalidation';

function cacheWith(keys: readonly unknown[][]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

function staleKeys(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => JSON.stringify(query.queryKey))
    .sort();
}

async function staleKeysAfter(keys: readonly unknown[][], event: ChangedEvent): Promise<string[]> {
  const client = cacheWith(keys);
  await client.invalidateQueries(invalidationFilterFor(event), { cancelRefetch: false, throwOnError: false });
  return staleKeys(client);
}

const asKeys = (keys: readonly unknown[][]) => keys.map((key) => JSON.stringify(key)).sort();

const keys = [
  ['api', 'local', 'CalendarEventsList', { calendarId: 'me@atrium.local', singleEvents: true }],
  ['api', 'local', 'CalendarEventsList', { calendarId: 'team@atrium.local' }],
  ['api', 'local', 'CalendarEventsList', { calendarId: 'primary' }],
  ['api', 'local', 'CalendarEventsGet', { calendarId: 'me@atrium.local', eventId: 'e1' }],
  ['api', 'local', 'CalendarFreebusyQuery', { body: { items: [{ id: 'bob@atrium.local' }] } }],
  ['api', 'local', 'CalendarAclList', { calendarId: 'me@atrium.local' }],
  ['api', 'local', 'CalendarCalendarListList', {}],
  ['api', 'local', 'TasksTasksList', { tasklist: 'L1' }],
  ['api', 'local', 'TasksTasksList', { tasklist: 'L2' }],
  ['api', 'local', 'TasksTasklistsList', {}],
  ['api', 'local', 'DriveFilesList', { q: "'root' in parents" }],
  ['api', 'local', 'DriveFilesGet', { fileId: 'f1' }],
  ['api', 'local', 'DrivePermissionsList', { fileId: 'f1' }],
  ['api', 'local', 'DrivePermissionsList', { fileId: 'f2' }],
  ['api', 'local', 'DriveRevisionsList', { fileId: 'f1' }],
  ['api', 'local', 'DriveAboutGet', {}],
  ['api', 'google-1', 'CalendarEventsList', { calendarId: 'me@atrium.local' }],
  ['api', '', 'TasksTasksList', { tasklist: 'L2' }],
  ['accounts'],
];

describe('invalidationFilterFor', () => {
  it('refetches what reads the changed calendar (and its aliases), for that account only', async () => {
    expect(
      await staleKeysAfter(keys, { type: 'changed', account: 'local', collection: 'events', key: 'me@atrium.local' }),
    ).toEqual(
      asKeys([
        ['api', 'local', 'CalendarEventsList', { calendarId: 'me@atrium.local', singleEvents: true }],
        ['api', 'local', 'CalendarEventsList', { calendarId: 'primary' }],
        ['api', 'local', 'CalendarEventsGet', { calendarId: 'me@atrium.local', eventId: 'e1' }],
        // Free/busy names its calendars in the body: any calendar's events may be in it.
        ['api', 'local', 'CalendarFreebusyQuery', { body: { items: [{ id: 'bob@atrium.local' }] } }],
      ]),
    );
  });

  it('refetches the tasks of one list, keys made before the account was known included', async () => {
    expect(await staleKeysAfter(keys, { type: 'changed', account: 'local', collection: 'tasks', key: 'L2' })).toEqual(
      asKeys([
        ['api', 'local', 'TasksTasksList', { tasklist: 'L2' }],
        ['api', '', 'TasksTasksList', { tasklist: 'L2' }],
      ]),
    );
  });

  it('refetches every partition when the change names none', async () => {
    expect(await staleKeysAfter(keys, { type: 'changed', account: 'local', collection: 'tasks' })).toEqual(
      asKeys([
        ['api', 'local', 'TasksTasksList', { tasklist: 'L1' }],
        ['api', 'local', 'TasksTasksList', { tasklist: 'L2' }],
        ['api', '', 'TasksTasksList', { tasklist: 'L2' }],
      ]),
    );
  });

  it('refetches the list of lists, not the tasks, on a tasklists change', async () => {
    expect(await staleKeysAfter(keys, { type: 'changed', account: 'local', collection: 'tasklists' })).toEqual(
      asKeys([['api', 'local', 'TasksTasklistsList', {}]]),
    );
  });

  it('refetches file listings and files on a files change, and one file’s permissions on its own change', async () => {
    expect(await staleKeysAfter(keys, { type: 'changed', account: 'local', collection: 'files' })).toEqual(
      asKeys([
        ['api', 'local', 'DriveFilesList', { q: "'root' in parents" }],
        ['api', 'local', 'DriveFilesGet', { fileId: 'f1' }],
      ]),
    );
    expect(
      await staleKeysAfter(keys, { type: 'changed', account: 'local', collection: 'permissions', key: 'f2' }),
    ).toEqual(asKeys([['api', 'local', 'DrivePermissionsList', { fileId: 'f2' }]]));
  });

  it('refetches nothing cached for a collection no cached query reads', async () => {
    expect(await staleKeysAfter(keys, { type: 'changed', account: 'local', collection: 'changes' })).toEqual([]);
    expect(await staleKeysAfter(keys, { type: 'changed', account: 'local', collection: 'settings' })).toEqual([]);
  });

  it('reaches, for every operation of the registry, its cached answers through each collection it reads', async () => {
    for (const op of operationList) {
      for (const access of op.reads) {
        const params = Object.fromEntries(
          Object.entries(op.params)
            .filter(([, spec]) => spec.required)
            .map(([name]) => [name, 'k1']),
        );
        const key = ['api', 'local', op.name, params];
        const stale = (event: ChangedEvent) => staleKeysAfter([key], event).then((found) => found.length === 1);
        const change = { type: 'changed', account: 'local', collection: access.collection } as ChangedEvent;
        expect(await stale(change), `${op.name} ${access.collection}`).toBe(true);
        expect(await stale({ ...change, key: 'k1' } as ChangedEvent), `${op.name} ${access.collection}/k1`).toBe(true);
        // Another partition reaches it only when the operation reads the whole collection.
        expect(await stale({ ...change, key: 'k2' } as ChangedEvent), `${op.name} ${access.collection}/k2`).toBe(
          access.key === undefined,
        );
        expect(await stale({ ...change, account: 'other' }), `${op.name} other account`).toBe(false);
      }
    }
  });
});

describe('writeInvalidationFilter', () => {
  async function staleAfterWrite(operation: OperationName, params: Record<string, unknown>): Promise<string[]> {
    const client = cacheWith(keys);
    await invalidateAfterWrite(client, operation, params, 'local');
    return staleKeys(client);
  }

  it('refetches the tasks of both lists after a move between lists', async () => {
    expect(await staleAfterWrite('TasksTasksMove', { tasklist: 'L1', task: 't1', destinationTasklist: 'L2' })).toEqual(
      asKeys([
        ['api', 'local', 'TasksTasksList', { tasklist: 'L1' }],
        ['api', 'local', 'TasksTasksList', { tasklist: 'L2' }],
        ['api', '', 'TasksTasksList', { tasklist: 'L2' }],
      ]),
    );
  });

  it('refetches the events of both calendars after an event moves', async () => {
    const stale = await staleAfterWrite('CalendarEventsMove', {
      calendarId: 'me@atrium.local',
      eventId: 'e1',
      destination: 'team@atrium.local',
    });
    expect(stale).toContain(
      JSON.stringify(['api', 'local', 'CalendarEventsList', { calendarId: 'team@atrium.local' }]),
    );
    expect(stale).toContain(
      JSON.stringify(['api', 'local', 'CalendarEventsGet', { calendarId: 'me@atrium.local', eventId: 'e1' }]),
    );
    expect(stale).not.toContain(JSON.stringify(['api', 'local', 'CalendarAclList', { calendarId: 'me@atrium.local' }]));
  });

  it('refetches files, quota, permissions and the file’s own revisions after a file update', async () => {
    expect(await staleAfterWrite('DriveFilesUpdate', { fileId: 'f1' })).toEqual(
      asKeys([
        ['api', 'local', 'DriveFilesList', { q: "'root' in parents" }],
        ['api', 'local', 'DriveFilesGet', { fileId: 'f1' }],
        // A move changes what every file under it inherits.
        ['api', 'local', 'DrivePermissionsList', { fileId: 'f1' }],
        ['api', 'local', 'DrivePermissionsList', { fileId: 'f2' }],
        ['api', 'local', 'DriveRevisionsList', { fileId: 'f1' }],
        ['api', 'local', 'DriveAboutGet', {}],
      ]),
    );
  });

  it('has nothing to refetch after an operation that only reads', () => {
    expect(writeInvalidationFilter('CalendarEventsList', { calendarId: 'primary' }, 'local')).toBeUndefined();
  });
});
