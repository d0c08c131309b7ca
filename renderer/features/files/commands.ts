import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { downloadFile } from './data/download';
import { useDialogStore } from './dialog-store';
import { isFolder, type DriveItem } from './drive-file';
import { useFilesStore } from './files-store';
import type { FolderCrumb } from './model/places';
import { createFolder, deleteForever, describeCount, emptyTrash } from './mutations';

/**
 * What the toolbar, the keyboard, drag and drop and the details panel do to files. Writes are the
 * mutations (./mutations), which report in the app's toasts with Undo where it can be taken back;
 * here are the steps around them: opening, asking first, downloading, sharing.
 */

export { colorFolders, copyItems, moveItems, renameItem, restoreItems, starItems, trashItems } from './mutations';

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
  // A file opens in the previewer, as in Drive; a trashed folder (which cannot be opened) shows its details.
  store.setSelection({ selected: new Set([item.id]), anchor: item.id, focus: item.id });
  if (isFolder(item)) store.setDetailsOpen(true);
  else useDialogStore.getState().open({ kind: 'preview', item });
}

export async function newFolder(parent: FolderCrumb, name: string): Promise<void> {
  await createFolder(parent, name);
}

export function requestRename(item: DriveItem): void {
  useDialogStore.getState().open({ kind: 'rename', item });
}

export function requestDeleteForever(items: readonly DriveItem[]): void {
  if (items.length === 0) return;
  useDialogStore.getState().open({
    kind: 'confirm',
    title: 'Delete forever?',
    message: `${describeCount(items)} will be deleted forever. This can’t be undone.`,
    confirmLabel: 'Delete forever',
    onConfirm: () => void deleteForever(items),
  });
}

export function requestEmptyTrash(trashed: readonly DriveItem[]): void {
  useDialogStore.getState().open({
    kind: 'confirm',
    title: 'Empty the trash?',
    message: 'Everything in the trash will be deleted forever. This can’t be undone.',
    confirmLabel: 'Empty trash',
    onConfirm: () => void emptyTrash(trashed),
  });
}

export async function downloadItems(items: readonly DriveItem[]): Promise<void> {
  for (const item of items.filter((entry) => !isFolder(entry))) {
    try {
      await downloadFile(item);
    } catch (error) {
      // Download failures are already explained in plain words (see data/download).
      notify({ message: `Couldn’t download “${item.name ?? ''}”: ${errorMessage(error)}`, kind: 'error' });
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
