import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { downloadFile } from './data/download';
import { useDialogStore } from './dialog-store';
import { folderName } from './file-commands';
import { isFolder, type DriveItem } from './drive-file';
import { useFilesStore } from './files-store';
import type { FolderCrumb } from './model/places';
import { canMoveInto, createFolder, deleteForever, describeCount, emptyTrash, moveItems } from './mutations';

/**
 * What the toolbar, the keyboard, drag and drop and the details panel do to files. Writes are the
 * mutations (./mutations), which report in the app's toasts with Undo where it can be taken back;
 * here are the steps around them: opening, asking first, downloading, sharing.
 */

export { colorFolders, copyItems, renameItem, restoreItems, starItems, trashItems } from './mutations';

/**
 * Moves `items` into `target` (by drag and drop, the menu or the move dialog), asking first when
 * the move takes them into or out of a shared drive, as Drive does: who can open them changes with
 * it, and a shared drive owns what is in it.
 */
export async function requestMove(items: readonly DriveItem[], target: FolderCrumb): Promise<void> {
  const moving = items.filter((item) => canMoveInto([item], target));
  const into = target.driveId && moving.some((item) => item.driveId !== target.driveId) ? target.driveId : null;
  const outOf = moving.find((item) => item.driveId && item.driveId !== target.driveId)?.driveId ?? null;
  if (!into && !outOf) return moveItems(items, target);
  const [intoName, outOfName] = await Promise.all(
    [into, outOf].map((driveId) =>
      driveId ? folderName(driveId, 'Untitled drive').catch(() => 'the shared drive') : null,
    ),
  );
  const what = describeCount(moving);
  const leaving = outOfName ? `Members of “${outOfName}” will lose the access that drive gave them.` : '';
  useDialogStore.getState().open({
    kind: 'confirm',
    title: intoName ? `Move to “${intoName}”?` : `Move out of “${outOfName ?? ''}”?`,
    message: intoName
      ? `${what} will belong to the shared drive “${intoName}”: its members will get access to ${moving.length === 1 ? 'it' : 'them'}.${leaving ? ` ${leaving}` : ''}`
      : leaving.replace(
          'will lose the access that drive gave them.',
          `will lose the access that drive gave them to ${what}.`,
        ),
    confirmLabel: 'Move',
    destructive: false,
    onConfirm: () => void moveItems(items, target),
  });
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
