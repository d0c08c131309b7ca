import { collectionsWrittenWith, isKeyedCollection, type CollectionRef } from '../../../shared/api/collections';
import { operationList } from '../../../shared/api/registry';
import type { ApiClient } from '../api-client';

/** What one pass over a collection found: the cursor for the next pass and what changed. */
export interface SyncPass {
  /** `nextSyncToken` (Calendar) or `newStartPageToken` (Drive). */
  readonly cursor: string;
  /** Ids of the items that changed or were removed. */
  readonly ids: string[];
  /** The items themselves as the service answered them (deleted ones included). */
  readonly items: Record<string, unknown>[];
}

/**
 * One collection kept in step with sync tokens: a full listing gives the first cursor, each
 * incremental listing with the cursor gives what changed since and the next cursor.
 */
export interface SyncSource {
  /** The collection followed, as the `changed` events about it name it. */
  readonly target: CollectionRef;
  full(api: ApiClient): Promise<SyncPass>;
  incremental(api: ApiClient, cursor: string): Promise<SyncPass>;
  /** Other collections the changes of a pass stand for (everything when `pass` is undefined: a full listing). */
  alsoChanged?(pass: SyncPass | undefined): CollectionRef[];
}

/** A list longer than this many pages in one pass is a runaway, not a calendar. */
const maxPages = 200;

type Page = Record<string, unknown>;

const asPage = (answer: unknown): Page => (typeof answer === 'object' && answer !== null ? (answer as Page) : {});

function itemsOf(page: Page, field: string): Record<string, unknown>[] {
  const items = page[field];
  return Array.isArray(items)
    ? items.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * Calendar's list operations share one shape: pages of `items`, `nextPageToken` between pages,
 * `nextSyncToken` on the last one. A pass with a sync token returns only what changed.
 */
async function calendarPass(
  api: ApiClient,
  operation: string,
  params: Record<string, unknown>,
  syncToken?: string,
): Promise<SyncPass> {
  const items: Record<string, unknown>[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = asPage(
      await api.callByName(operation, {
        ...params,
        ...(syncToken ? { syncToken } : {}),
        ...(pageToken ? { pageToken } : {}),
      }),
    );
    items.push(...itemsOf(answer, 'items'));
    pageToken = text(answer.nextPageToken);
    if (pageToken) continue;
    const cursor = text(answer.nextSyncToken);
    if (!cursor) throw new Error(`${operation} ended without a nextSyncToken`);
    return { cursor, items, ids: items.map((item) => text(item.id)).filter((id): id is string => id !== undefined) };
  }
  throw new Error(`${operation} had more than ${maxPages} pages`);
}

function calendarSource(
  target: CollectionRef,
  operation: string,
  params: Record<string, unknown>,
  incrementalParams: Record<string, unknown> = {},
): SyncSource {
  return {
    target,
    full: (api) => calendarPass(api, operation, params),
    incremental: (api, cursor) => calendarPass(api, operation, { ...params, ...incrementalParams }, cursor),
  };
}

export const calendarListSource = (): SyncSource => ({
  ...calendarSource(
    { collection: 'calendarList' },
    'CalendarCalendarListList',
    { maxResults: 250, showHidden: true },
    { showDeleted: true },
  ),
  // A list entry carries its calendar's summary, description and time zone.
  alsoChanged: (pass) =>
    pass ? pass.ids.map((key) => ({ collection: 'calendars', key })) : [{ collection: 'calendars' }],
});

export const eventsSource = (calendarId: string): SyncSource =>
  calendarSource(
    { collection: 'events', key: calendarId },
    'CalendarEventsList',
    { calendarId, maxResults: 2500 },
    { showDeleted: true },
  );

export const aclSource = (calendarId: string): SyncSource =>
  calendarSource(
    { collection: 'acl', key: calendarId },
    'CalendarAclList',
    { calendarId, maxResults: 250 },
    { showDeleted: true },
  );

export const settingsSource = (): SyncSource =>
  calendarSource({ collection: 'settings' }, 'CalendarSettingsList', { maxResults: 250 });

/** What Drive's change feed reports: whatever the operations that write `changes` write besides. */
const driveFeedCollections = collectionsWrittenWith(operationList, 'changes');

/** Past this many changed files in one pass, per-file collections are announced whole. */
const maxFilesNamed = 20;

/** The collections a pass over Drive's changes may have touched, per file where a file says which. */
export function driveChangesCover(pass: SyncPass | undefined): CollectionRef[] {
  const fileIds = pass
    ? [
        ...new Set(
          pass.items
            .filter((change) => change.changeType !== 'drive')
            .map((change) => text(change.fileId))
            .filter((id): id is string => id !== undefined),
        ),
      ]
    : [];
  const perFile = pass !== undefined && fileIds.length <= maxFilesNamed;
  return driveFeedCollections.flatMap((collection): CollectionRef[] => {
    if (!isKeyedCollection(collection)) return [{ collection }];
    return perFile ? fileIds.map((key) => ({ collection, key })) : [{ collection }];
  });
}

/** Fields a mirror keeps of each file (everything Drive has). */
const mirrorFileFields = '*';

/** Every file the person can see (My Drive, shared with them, shared drives), for a mirror's first fill. */
async function listAllFiles(api: ApiClient): Promise<Record<string, unknown>[]> {
  const files: Record<string, unknown>[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = asPage(
      await api.callByName('DriveFilesList', {
        pageSize: 1000,
        corpora: 'allDrives',
        includeItemsFromAllDrives: true,
        supportsAllDrives: true,
        fields: `nextPageToken,files(${mirrorFileFields})`,
        ...(pageToken ? { pageToken } : {}),
      }),
    );
    files.push(...itemsOf(answer, 'files'));
    pageToken = text(answer.nextPageToken);
    if (!pageToken) return files;
  }
  throw new Error(`DriveFilesList had more than ${maxPages} pages`);
}

/**
 * Drive's change feed: the start page token is the first cursor; each pass follows pages to
 * `newStartPageToken`. With `listFiles` (a mirror is kept) the first pass also lists every file,
 * as changes, and changes carry whole files.
 */
export const driveChangesSource = ({ listFiles = false }: { listFiles?: boolean } = {}): SyncSource => ({
  target: { collection: 'changes' },
  alsoChanged: driveChangesCover,
  async full(api) {
    const start = asPage(
      await api.callByName('DriveChangesGetStartPageToken', listFiles ? { supportsAllDrives: true } : {}),
    );
    const cursor = text(start.startPageToken);
    if (!cursor) throw new Error('DriveChangesGetStartPageToken answered no startPageToken');
    if (!listFiles) return { cursor, ids: [], items: [] };
    const files = await listAllFiles(api);
    return { cursor, ids: [], items: files.map((file) => ({ fileId: file.id, removed: false, file })) };
  },
  async incremental(api, cursor) {
    const items: Record<string, unknown>[] = [];
    let pageToken = cursor;
    for (let page = 0; page < maxPages; page++) {
      const answer = asPage(
        await api.callByName('DriveChangesList', {
          pageToken,
          pageSize: 1000,
          includeRemoved: true,
          ...(listFiles
            ? {
                includeItemsFromAllDrives: true,
                supportsAllDrives: true,
                fields: `nextPageToken,newStartPageToken,changes(changeType,fileId,driveId,removed,time,file(${mirrorFileFields}),drive)`,
              }
            : {}),
        }),
      );
      items.push(...itemsOf(answer, 'changes'));
      const next = text(answer.nextPageToken);
      if (next) {
        pageToken = next;
        continue;
      }
      const newStart = text(answer.newStartPageToken);
      if (!newStart) throw new Error('DriveChangesList ended without a newStartPageToken');
      const ids = items
        .map((change) => text(change.fileId) ?? text(change.driveId))
        .filter((id): id is string => id !== undefined);
      return { cursor: newStart, ids: [...new Set(ids)], items };
    }
    throw new Error(`DriveChangesList had more than ${maxPages} pages`);
  },
});
