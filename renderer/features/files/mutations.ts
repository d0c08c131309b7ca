import { callApi } from '../../lib/api';
import { runOptimisticMutation, type OptimisticMutation, type SuccessNotice } from '../../lib/mutation';
import { everyListing, listingsUpdate, withChanges, withoutIds, withPrepended } from './data/listing-cache';
import { folderMimeType, hasId, type DriveFile, type DriveItem } from './drive-file';
import { listsTrash, pinnedFolderOf, type FolderCrumb } from './model/places';
import { isDriveQuery } from './queries';
import { forgetTrashed, rememberTrashed } from './trash-times';

/**
 * What can be done to files, each as one optimistic mutation (lib/mutation): listings change at
 * once, a refusal takes the change back and says so in a toast, and moving, renaming, starring and
 * trashing offer Undo (the toast's button or Ctrl/Cmd+Z). An Undo is not itself offered again.
 */

const allDrives = { supportsAllDrives: true } as const;

/** Every Drive write may change listings, the tree and the details: all of Drive is refetched. */
function driveMutation<V, R>(spec: OptimisticMutation<V, R>, variables: V): Promise<R | undefined> {
  return runOptimisticMutation({ ...spec, refetch: () => [{ predicate: isDriveQuery }] }, variables);
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

export function describeCount(items: readonly { name?: string | null }[]): string {
  return items.length === 1 ? `“${items[0]?.name || 'Untitled'}”` : `${items.length} items`;
}

const offerUndo = (undoable: boolean, message: string, undo: () => unknown): SuccessNotice =>
  undoable ? { message, undo } : { message };

let pendingCounter = 0;

export function createFolder(parent: FolderCrumb, name: string): Promise<DriveItem | undefined> {
  pendingCounter += 1;
  const pending: DriveFile = {
    id: `pending-${pendingCounter}`,
    name,
    mimeType: folderMimeType,
    modifiedTime: new Date().toISOString(),
    owners: [{ me: true }],
  };
  return driveMutation(
    {
      apply: () => [listingsUpdate((params) => pinnedFolderOf(params.q) === parent.id, withPrepended(pending))],
      call: async () => {
        const created = await callApi(
          'DriveFilesCreate',
          { ...allDrives, fields: 'id,name,mimeType,parents' },
          { name, mimeType: folderMimeType, parents: [parent.id] },
        );
        if (!hasId(created)) throw new Error('The service answered without an id.');
        return created;
      },
      failure: () => `Couldn’t create the folder “${name}”.`,
      success: () => ({ message: `Created folder “${name}”` }),
    },
    undefined,
  );
}

export async function renameItem(item: DriveItem, name: string, undoable = true): Promise<void> {
  const previous = item.name ?? '';
  if (name === previous) return;
  await driveMutation(
    {
      apply: () => [listingsUpdate(everyListing, withChanges(new Set([item.id]), { name }))],
      call: () => callApi('DriveFilesUpdate', { ...allDrives, fileId: item.id }, { name }),
      failure: () => `Couldn’t rename “${previous}”.`,
      success: () =>
        offerUndo(undoable, `Renamed “${previous}” to “${name}”`, () => renameItem({ ...item, name }, previous, false)),
    },
    undefined,
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

export async function moveItems(items: readonly DriveItem[], target: FolderCrumb): Promise<void> {
  const moving = items.filter((item) => item.id !== target.id && !(item.parents ?? []).includes(target.id));
  if (moving.length === 0) return;
  const ids = idSet(moving);
  const sources = new Set(moving.flatMap((item) => item.parents ?? []));
  const records: MoveRecord[] = [];
  await driveMutation(
    {
      apply: () => [listingsUpdate((params) => sources.has(pinnedFolderOf(params.q) ?? ''), withoutIds(ids))],
      call: () =>
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
      failure: () => `Couldn’t move ${describeCount(moving)}.`,
      success: () => ({
        message: `Moved ${describeCount(moving)} to “${target.name}”`,
        undo: () => moveBack(records, moving),
      }),
    },
    undefined,
  );
}

function moveBack(records: readonly MoveRecord[], items: readonly DriveItem[]): Promise<void | undefined> {
  const ids = new Set(records.map((record) => record.id));
  const targets = new Set(records.map((record) => record.to));
  return driveMutation(
    {
      apply: () => [listingsUpdate((params) => targets.has(pinnedFolderOf(params.q) ?? ''), withoutIds(ids))],
      call: () =>
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
      failure: () => `Couldn’t move ${describeCount(items)} back.`,
    },
    undefined,
  );
}

export async function copyItems(items: readonly DriveItem[]): Promise<void> {
  await driveMutation(
    {
      call: () =>
        forEachItem(items, (item) =>
          callApi(
            'DriveFilesCopy',
            { ...allDrives, fileId: item.id },
            { name: `Copy of ${item.name || 'Untitled'}`, ...(item.parents?.length ? { parents: item.parents } : {}) },
          ),
        ),
      failure: () => `Couldn’t copy ${describeCount(items)}.`,
      success: () => ({ message: `Copied ${describeCount(items)}` }),
    },
    undefined,
  );
}

export async function starItems(items: readonly DriveItem[], starred: boolean, undoable = true): Promise<void> {
  const ids = idSet(items);
  await driveMutation(
    {
      apply: () => [
        listingsUpdate(everyListing, withChanges(ids, { starred })),
        ...(starred
          ? []
          : [listingsUpdate((params) => params.q === 'starred = true and trashed = false', withoutIds(ids))]),
      ],
      call: () =>
        forEachItem(items, (item) => callApi('DriveFilesUpdate', { ...allDrives, fileId: item.id }, { starred })),
      failure: () => (starred ? `Couldn’t star ${describeCount(items)}.` : `Couldn’t remove the star.`),
      success: () =>
        offerUndo(undoable, `${starred ? 'Starred' : 'Removed star from'} ${describeCount(items)}`, () =>
          starItems(items, !starred, false),
        ),
    },
    undefined,
  );
}

export async function trashItems(items: readonly DriveItem[], undoable = true): Promise<void> {
  if (items.length === 0) return;
  await driveMutation(
    {
      apply: () => [listingsUpdate((params) => !listsTrash(params.q), withoutIds(idSet(items)))],
      call: () =>
        forEachItem(items, (item) => callApi('DriveFilesUpdate', { ...allDrives, fileId: item.id }, { trashed: true })),
      failure: () => `Couldn’t move ${describeCount(items)} to the trash.`,
      success: () => {
        rememberTrashed(items.map((item) => item.id));
        return offerUndo(undoable, `Moved ${describeCount(items)} to the trash`, () => restoreItems(items, false));
      },
    },
    undefined,
  );
}

export async function restoreItems(items: readonly DriveItem[], undoable = true): Promise<void> {
  if (items.length === 0) return;
  await driveMutation(
    {
      apply: () => [listingsUpdate((params) => listsTrash(params.q), withoutIds(idSet(items)))],
      call: () =>
        forEachItem(items, (item) =>
          callApi('DriveFilesUpdate', { ...allDrives, fileId: item.id }, { trashed: false }),
        ),
      failure: () => `Couldn’t restore ${describeCount(items)}.`,
      success: () => {
        forgetTrashed(items.map((item) => item.id));
        return offerUndo(undoable, `Restored ${describeCount(items)}`, () => trashItems(items, false));
      },
    },
    undefined,
  );
}

export async function deleteForever(items: readonly DriveItem[]): Promise<void> {
  await driveMutation(
    {
      apply: () => [listingsUpdate(everyListing, withoutIds(idSet(items)))],
      call: () => forEachItem(items, (item) => callApi('DriveFilesDelete', { ...allDrives, fileId: item.id })),
      failure: () => `Couldn’t delete ${describeCount(items)}.`,
      success: () => ({ message: `Deleted ${describeCount(items)} forever` }),
    },
    undefined,
  );
}

/** Empties My Drive's trash and the trash of each shared drive that `trashed` (the Trash as listed) holds items of. */
export async function emptyTrash(trashed: readonly DriveItem[]): Promise<void> {
  const drives = [...new Set(trashed.flatMap((item) => (item.driveId ? [item.driveId] : [])))];
  await driveMutation(
    {
      apply: () => [
        listingsUpdate(
          (params) => listsTrash(params.q),
          () => [],
        ),
      ],
      call: async () => {
        await callApi('DriveFilesEmptyTrash', {});
        await forEachItem(drives, (driveId) => callApi('DriveFilesEmptyTrash', { driveId }));
      },
      failure: () =>
        drives.length > 0
          ? 'Couldn’t empty the whole trash: only a shared drive’s managers can empty its trash.'
          : 'Couldn’t empty the trash.',
      success: () => ({ message: 'The trash is empty' }),
    },
    undefined,
  );
}

export async function colorFolders(items: readonly DriveItem[], folderColorRgb: string): Promise<void> {
  const folders = items.filter((item) => item.mimeType === folderMimeType);
  await driveMutation(
    {
      apply: () => [listingsUpdate(everyListing, withChanges(idSet(folders), { folderColorRgb }))],
      call: () =>
        forEachItem(folders, (item) =>
          callApi('DriveFilesUpdate', { ...allDrives, fileId: item.id }, { folderColorRgb }),
        ),
      failure: () => 'Couldn’t change the folder color.',
    },
    undefined,
  );
}
