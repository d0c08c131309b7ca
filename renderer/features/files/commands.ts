import { errorMessage } from '../../lib/api';
import {
  copy,
  createFolder,
  deleteForever,
  describeCount,
  emptyTrash,
  move,
  rename,
  restore,
  setFolderColor,
  setStarred,
  trash,
  undoMove,
  type DriveItem,
} from './data/file-actions';
import { downloadFile } from './data/download';
import { useDialogStore } from './dialog-store';
import { isFolder } from './drive-file';
import { useFilesStore } from './files-store';
import type { FolderCrumb } from './model/places';
import { showToast } from './toast-store';

/**
 * What the toolbar, the keyboard, drag and drop and the details panel do to files: each action
 * reports its outcome in a toast, with Undo for move, rename and trash.
 */

function failed(what: string, error: unknown): void {
  showToast({ message: `Couldn’t ${what}: ${errorMessage(error)}`, tone: 'error' });
}

export function openItem(item: DriveItem): void {
  const store = useFilesStore.getState();
  if (isFolder(item) && !item.trashed) {
    store.openFolder({
      id: item.id,
      name: item.name || 'Untitled folder',
      ...(item.driveId ? { driveId: item.driveId } : {}),
    });
    return;
  }
  store.setSelection({ selected: new Set([item.id]), anchor: item.id, focus: item.id });
  store.setDetailsOpen(true);
}

export async function newFolder(parent: FolderCrumb, name: string): Promise<void> {
  try {
    await createFolder(parent, name);
    showToast({ message: `Created folder “${name}”` });
  } catch (error) {
    failed(`create folder “${name}”`, error);
  }
}

export function requestRename(item: DriveItem): void {
  useDialogStore.getState().open({ kind: 'rename', item });
}

export async function renameItem(item: DriveItem, name: string): Promise<void> {
  const previous = item.name ?? '';
  if (name === previous) return;
  try {
    await rename(item, name);
    showToast({
      message: `Renamed “${previous}” to “${name}”`,
      undo: () => rename({ ...item, name }, previous).catch((error: unknown) => failed('undo the rename', error)),
    });
  } catch (error) {
    failed(`rename “${previous}”`, error);
  }
}

export async function moveItems(items: readonly DriveItem[], target: FolderCrumb): Promise<void> {
  try {
    const records = await move(items, target);
    if (records.length === 0) return;
    showToast({
      message: `Moved ${describeCount(items)} to “${target.name}”`,
      undo: () => undoMove(records).catch((error: unknown) => failed('undo the move', error)),
    });
  } catch (error) {
    failed(`move ${describeCount(items)}`, error);
  }
}

export async function trashItems(items: readonly DriveItem[]): Promise<void> {
  if (items.length === 0) return;
  try {
    await trash(items);
    showToast({
      message: `Moved ${describeCount(items)} to the trash`,
      undo: () => restore(items).catch((error: unknown) => failed('restore', error)),
    });
  } catch (error) {
    failed(`move ${describeCount(items)} to the trash`, error);
  }
}

export async function restoreItems(items: readonly DriveItem[]): Promise<void> {
  if (items.length === 0) return;
  try {
    await restore(items);
    showToast({
      message: `Restored ${describeCount(items)}`,
      undo: () => trash(items).catch((error: unknown) => failed('trash again', error)),
    });
  } catch (error) {
    failed(`restore ${describeCount(items)}`, error);
  }
}

export function requestDeleteForever(items: readonly DriveItem[]): void {
  if (items.length === 0) return;
  useDialogStore.getState().open({
    kind: 'confirm',
    title: 'Delete forever?',
    message: `${describeCount(items)} will be deleted forever. This can’t be undone.`,
    confirmLabel: 'Delete forever',
    onConfirm: () => {
      deleteForever(items).then(
        () => showToast({ message: `Deleted ${describeCount(items)} forever` }),
        (error: unknown) => failed(`delete ${describeCount(items)}`, error),
      );
    },
  });
}

export function requestEmptyTrash(): void {
  useDialogStore.getState().open({
    kind: 'confirm',
    title: 'Empty the trash?',
    message: 'Everything in the trash will be deleted forever. This can’t be undone.',
    confirmLabel: 'Empty trash',
    onConfirm: () => {
      emptyTrash().then(
        () => showToast({ message: 'The trash is empty' }),
        (error: unknown) => failed('empty the trash', error),
      );
    },
  });
}

export async function copyItems(items: readonly DriveItem[]): Promise<void> {
  try {
    await copy(items);
    showToast({ message: `Copied ${describeCount(items)}` });
  } catch (error) {
    failed(`copy ${describeCount(items)}`, error);
  }
}

export async function starItems(items: readonly DriveItem[], starred: boolean): Promise<void> {
  try {
    await setStarred(items, starred);
    showToast({
      message: `${starred ? 'Starred' : 'Removed star from'} ${describeCount(items)}`,
      undo: () => setStarred(items, !starred),
    });
  } catch (error) {
    failed(starred ? 'star' : 'remove the star', error);
  }
}

export async function colorFolders(items: readonly DriveItem[], rgb: string): Promise<void> {
  try {
    await setFolderColor(items.filter(isFolder), rgb);
  } catch (error) {
    failed('change the folder color', error);
  }
}

export async function downloadItems(items: readonly DriveItem[]): Promise<void> {
  for (const item of items.filter((entry) => !isFolder(entry))) {
    try {
      await downloadFile(item);
    } catch (error) {
      failed(`download “${item.name ?? ''}”`, error);
    }
  }
}

export function shareItem(item: DriveItem): void {
  useFilesStore.getState().share({
    id: item.id,
    name: item.name || 'Untitled',
    kind: 'file',
    ...(item.driveId ? { driveId: item.driveId } : {}),
  });
}
