import type { Query } from '@tanstack/react-query';
import {
  applyOptimisticUpdates,
  callApi,
  queryClient,
  rollbackOptimisticUpdates,
  type OptimisticUpdate,
} from '../../../lib/api';
import { folderMimeType, type DriveFileEntry } from '../drive-file';
import { listsTrash, pinnedFolderOf, type FolderCrumb } from '../model/places';
import { everyListing, listingsUpdate, withChanges, withoutIds, withPrepended } from './listing-cache';

/** A listed file: one with an id. */
export type DriveItem = DriveFileEntry & { id: string };

const allDrives = { supportsAllDrives: true } as const;

function isDriveQuery(query: Query): boolean {
  const [scope, , operation] = query.queryKey;
  return scope === 'api' && typeof operation === 'string' && operation.startsWith('Drive');
}

/** Refetches what a Drive write may have changed (listings, the tree, details). */
export function refreshDrive(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isDriveQuery });
}

/** Runs `action` with cache changes shown at once, undone if it fails; Drive is refetched either way. */
async function withOptimistic<T>(updates: OptimisticUpdate[], action: () => Promise<T>): Promise<T> {
  const context = await applyOptimisticUpdates(queryClient, updates);
  try {
    return await action();
  } catch (error) {
    rollbackOptimisticUpdates(queryClient, context);
    throw error;
  } finally {
    void refreshDrive();
  }
}

/** Runs `work` on every item, a few at a time; rejects with the first failure after all settle. */
export async function forEachItem<T>(
  items: readonly T[],
  work: (item: T) => Promise<unknown>,
  concurrency = 4,
): Promise<void> {
  const queue = [...items];
  const failures: unknown[] = [];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      await work(item).catch((error: unknown) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  if (failures.length > 0) throw failures[0];
}

const idSet = (items: readonly DriveItem[]) => new Set(items.map((item) => item.id));

let pendingCounter = 0;

export async function createFolder(parent: FolderCrumb, name: string): Promise<DriveItem> {
  pendingCounter += 1;
  const pending: DriveFileEntry = {
    id: `pending-${pendingCounter}`,
    name,
    mimeType: folderMimeType,
    modifiedTime: new Date().toISOString(),
    owners: [{ me: true }],
  };
  return withOptimistic(
    [listingsUpdate((params) => pinnedFolderOf(params.q) === parent.id, withPrepended(pending))],
    async () => {
      const created = await callApi(
        'DriveFilesCreate',
        { ...allDrives, fields: 'id,name,mimeType,parents' },
        { name, mimeType: folderMimeType, parents: [parent.id] },
      );
      return created as DriveItem;
    },
  );
}

export function rename(file: DriveItem, name: string): Promise<unknown> {
  return withOptimistic([listingsUpdate(everyListing, withChanges(new Set([file.id]), { name }))], () =>
    callApi('DriveFilesUpdate', { ...allDrives, fileId: file.id }, { name }),
  );
}

/** Where each moved item was, so the move can be undone. */
export interface MoveRecord {
  id: string;
  from: string[];
  to: string;
}

/** Whether `items` may be dropped into `target`: not into themselves, not where they already are. */
export function canMoveInto(items: readonly DriveItem[], target: FolderCrumb): boolean {
  return items.length > 0 && items.every((item) => item.id !== target.id && !(item.parents ?? []).includes(target.id));
}

export async function move(items: readonly DriveItem[], target: FolderCrumb): Promise<MoveRecord[]> {
  const moving = items.filter((item) => item.id !== target.id && !(item.parents ?? []).includes(target.id));
  const records: MoveRecord[] = [];
  const ids = idSet(moving);
  const sources = new Set(moving.flatMap((item) => item.parents ?? []));
  await withOptimistic([listingsUpdate((params) => sources.has(pinnedFolderOf(params.q) ?? ''), withoutIds(ids))], () =>
    forEachItem(moving, async (item) => {
      const from = item.parents ?? [];
      await callApi(
        'DriveFilesUpdate',
        {
          ...allDrives,
          fileId: item.id,
          addParents: target.id,
          ...(from.length ? { removeParents: from.join(',') } : {}),
        },
        {},
      );
      records.push({ id: item.id, from, to: target.id });
    }),
  );
  return records;
}

export function undoMove(records: readonly MoveRecord[]): Promise<void> {
  return withOptimistic([], () =>
    forEachItem(records, (record) =>
      callApi(
        'DriveFilesUpdate',
        {
          ...allDrives,
          fileId: record.id,
          removeParents: record.to,
          ...(record.from.length ? { addParents: record.from.join(',') } : {}),
        },
        {},
      ),
    ),
  );
}

export function copy(items: readonly DriveItem[]): Promise<void> {
  return withOptimistic([], () =>
    forEachItem(items, (item) =>
      callApi(
        'DriveFilesCopy',
        { ...allDrives, fileId: item.id },
        { name: `Copy of ${item.name ?? 'Untitled'}`, ...(item.parents?.length ? { parents: item.parents } : {}) },
      ),
    ),
  );
}

export function setStarred(items: readonly DriveItem[], starred: boolean): Promise<void> {
  const ids = idSet(items);
  const updates = [listingsUpdate(everyListing, withChanges(ids, { starred }))];
  if (!starred)
    updates.push(listingsUpdate((params) => params.q === 'starred = true and trashed = false', withoutIds(ids)));
  return withOptimistic(updates, () =>
    forEachItem(items, (item) => callApi('DriveFilesUpdate', { ...allDrives, fileId: item.id }, { starred })),
  );
}

export function trash(items: readonly DriveItem[]): Promise<void> {
  return withOptimistic([listingsUpdate((params) => !listsTrash(params.q), withoutIds(idSet(items)))], () =>
    forEachItem(items, (item) => callApi('DriveFilesUpdate', { ...allDrives, fileId: item.id }, { trashed: true })),
  );
}

export function restore(items: readonly DriveItem[]): Promise<void> {
  return withOptimistic([listingsUpdate((params) => listsTrash(params.q), withoutIds(idSet(items)))], () =>
    forEachItem(items, (item) => callApi('DriveFilesUpdate', { ...allDrives, fileId: item.id }, { trashed: false })),
  );
}

export function deleteForever(items: readonly DriveItem[]): Promise<void> {
  return withOptimistic([listingsUpdate(everyListing, withoutIds(idSet(items)))], () =>
    forEachItem(items, (item) => callApi('DriveFilesDelete', { ...allDrives, fileId: item.id })),
  );
}

export function emptyTrash(): Promise<unknown> {
  return withOptimistic(
    [
      listingsUpdate(
        (params) => listsTrash(params.q),
        () => [],
      ),
    ],
    () => callApi('DriveFilesEmptyTrash', {}),
  );
}

export function setFolderColor(items: readonly DriveItem[], folderColorRgb: string): Promise<void> {
  return withOptimistic([listingsUpdate(everyListing, withChanges(idSet(items), { folderColorRgb }))], () =>
    forEachItem(items, (item) => callApi('DriveFilesUpdate', { ...allDrives, fileId: item.id }, { folderColorRgb })),
  );
}

export function describeCount(items: readonly { name?: string | null }[]): string {
  return items.length === 1 ? `“${items[0]?.name ?? 'Untitled'}”` : `${items.length} items`;
}
