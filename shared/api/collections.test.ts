import { describe, expect, it } from 'vitest';
import { ipcEventSchema } from '../ipc/contract';
import {
  collectionNames,
  collectionsWrittenBy,
  isKeyedCollection,
  readIsAffectedBy,
  resolveAccesses,
  type Collection,
} from './collections';
import type { OperationSpec } from './operation';
import { operationList, operations } from './registry';

/** Operations that touch no collection at all, and why. */
const touchesNothing: Record<string, string> = {
  DriveFilesGenerateIds: 'reserves ids for files not created yet; nothing is stored or read',
};

/** Collections that are written but never read back through the API, and why. */
const writtenNotRead: Partial<Record<Collection, string>> = {
  channels: 'a watch channel can only be opened and stopped; no operation lists or reads it',
};

const readersOf = (collection: Collection) =>
  operationList.filter((op) => op.reads.some((access) => access.collection === collection));
const writersOf = (collection: Collection) =>
  operationList.filter((op) => op.writes.some((access) => access.collection === collection));

describe('collection declarations of the registry', () => {
  it('has every operation declare what it reads or writes', () => {
    const silent = operationList.filter((op) => op.reads.length + op.writes.length === 0).map((op) => op.name);
    expect(silent).toEqual(Object.keys(touchesNothing));
  });

  it('has every collection that some operation writes read by some operation', () => {
    const unread = collectionNames.filter((c) => writersOf(c).length > 0 && readersOf(c).length === 0);
    expect(unread).toEqual(Object.keys(writtenNotRead));
  });

  it('uses every collection', () => {
    expect(collectionNames.filter((c) => writersOf(c).length + readersOf(c).length === 0)).toEqual([]);
  });

  it('keys only keyed collections, on string parameters of the operation', () => {
    for (const op of operationList) {
      for (const access of [...op.reads, ...op.writes]) {
        if (access.key === undefined) continue;
        expect(isKeyedCollection(access.collection), `${op.name} ${access.collection}`).toBe(true);
        expect(op.params[access.key]?.type, `${op.name} ${access.key}`).toBe('string');
      }
    }
  });

  it('keys reads on required parameters, so a cached answer always names its partition', () => {
    for (const op of operationList) {
      for (const access of op.reads) {
        if (access.key !== undefined) expect(op.params[access.key]?.required, `${op.name} ${access.key}`).toBe(true);
      }
    }
  });

  it('has GET operations only read, and every other one except free/busy write', () => {
    for (const op of operationList) {
      if (op.method === 'GET') expect(op.writes, op.name).toEqual([]);
      else if (op.name !== 'CalendarFreebusyQuery') expect(op.writes.length, op.name).toBeGreaterThan(0);
    }
  });

  it('has every Drive write of files, permissions or revisions show up in the change feed', () => {
    const feedCollections = new Set<Collection>(['files', 'permissions', 'revisions', 'drives']);
    for (const op of operationList) {
      const writes = op.writes.map((access) => access.collection);
      if (writes.some((c) => feedCollections.has(c))) expect(writes, op.name).toContain('changes');
    }
  });

  it('names both lists of a task moved to another list', () => {
    expect(
      collectionsWrittenBy(operations.TasksTasksMove, { tasklist: 'L1', task: 't', destinationTasklist: 'L2' }),
    ).toEqual([
      { collection: 'tasks', key: 'L1' },
      { collection: 'tasks', key: 'L2' },
    ]);
    expect(collectionsWrittenBy(operations.TasksTasksMove, { tasklist: 'L1', task: 't' })).toEqual([
      { collection: 'tasks', key: 'L1' },
    ]);
  });

  it('names both calendars of a moved event', () => {
    expect(
      collectionsWrittenBy(operations.CalendarEventsMove, { calendarId: 'a@x', eventId: 'e', destination: 'b@x' }),
    ).toEqual([
      { collection: 'events', key: 'a@x' },
      { collection: 'events', key: 'b@x' },
    ]);
  });

  it('has a deleted calendar take its events, rules and list entry with it', () => {
    expect(collectionsWrittenBy(operations.CalendarCalendarsDelete, { calendarId: 'c1' })).toEqual([
      { collection: 'calendars', key: 'c1' },
      { collection: 'calendarList' },
      { collection: 'acl', key: 'c1' },
      { collection: 'events', key: 'c1' },
    ]);
  });
});

describe('resolveAccesses', () => {
  it('lets a whole-collection access cover keyed ones and collapses repeats', () => {
    expect(
      resolveAccesses(
        [
          { collection: 'permissions', key: 'fileId' },
          { collection: 'permissions' },
          { collection: 'files' },
          { collection: 'files' },
        ],
        { fileId: 'f1' },
      ),
    ).toEqual([{ collection: 'permissions' }, { collection: 'files' }]);
  });

  it('leaves out an access keyed on a parameter the call does not give', () => {
    expect(resolveAccesses([{ collection: 'tasks', key: 'destinationTasklist' }], {})).toEqual([]);
  });
});

describe('readIsAffectedBy', () => {
  const list = operations.CalendarEventsList satisfies OperationSpec;

  it('matches the changed partition only', () => {
    expect(readIsAffectedBy(list, { calendarId: 'a@x' }, { collection: 'events', key: 'a@x' })).toBe(true);
    expect(readIsAffectedBy(list, { calendarId: 'b@x' }, { collection: 'events', key: 'a@x' })).toBe(false);
    expect(readIsAffectedBy(list, { calendarId: 'a@x' }, { collection: 'acl', key: 'a@x' })).toBe(false);
  });

  it('matches every partition for a change that names none, and aliases for any change', () => {
    expect(readIsAffectedBy(list, { calendarId: 'b@x' }, { collection: 'events' })).toBe(true);
    expect(readIsAffectedBy(list, { calendarId: 'primary' }, { collection: 'events', key: 'a@x' })).toBe(true);
    expect(readIsAffectedBy(list, { calendarId: 'b@x' }, { collection: 'events', key: 'primary' })).toBe(true);
  });

  it('matches whole-collection reads for a change in any partition', () => {
    expect(readIsAffectedBy(operations.CalendarFreebusyQuery, {}, { collection: 'events', key: 'a@x' })).toBe(true);
  });
});

describe('changed event schema', () => {
  it('takes a key for keyed collections and none for the others', () => {
    expect(ipcEventSchema.safeParse({ type: 'changed', account: 'a', collection: 'events', key: 'c' }).success).toBe(
      true,
    );
    expect(ipcEventSchema.safeParse({ type: 'changed', account: 'a', collection: 'events' }).success).toBe(true);
    expect(ipcEventSchema.safeParse({ type: 'changed', account: 'a', collection: 'tasklists' }).success).toBe(true);
    expect(ipcEventSchema.safeParse({ type: 'changed', account: 'a', collection: 'tasklists', key: 'x' }).success).toBe(
      false,
    );
  });

  it('refuses collections that do not exist and the old resource strings', () => {
    expect(ipcEventSchema.safeParse({ type: 'changed', account: 'a', collection: 'events:c' }).success).toBe(false);
    expect(
      ipcEventSchema.safeParse({ type: 'changed', account: 'a', area: 'tasks', resource: 'tasks:L1' }).success,
    ).toBe(false);
  });
});
