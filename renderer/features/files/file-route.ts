import { callApi } from '../../lib/api';
import { ipc } from '../../platform/ipc';
import { useViewStore } from '../../shell/views';
import { hasId, isFolder, type DriveItem } from './drive-file';
import { useFilesStore } from './files-store';
import type { FileLocation, FolderCrumb } from './model/places';
import { notify, notifyError } from '../../lib/notify';

type Entry = DriveItem;

const fields = 'id,name,mimeType,parents,driveId,trashed';
/** Deeper than any real folder tree; a cycle or a runaway stops here. */
const maxDepth = 64;

async function get(fileId: string): Promise<Entry | null> {
  try {
    const file = await callApi('DriveFilesGet', { fileId, fields, supportsAllDrives: true });
    return hasId(file) ? file : null;
  } catch {
    return null;
  }
}

/**
 * Where a file or folder lives, as the browser shows it: the folders from My Drive's root, from a
 * shared drive, or (when the chain of readable parents ends before a root) from Shared with me.
 */
export async function locationOf(item: Entry): Promise<FileLocation> {
  if (item.trashed) return { place: 'trash', path: [] };
  const root = await get('root');
  const chain: FolderCrumb[] = isFolder(item)
    ? [{ id: item.id, name: item.name || 'Untitled folder', ...(item.driveId ? { driveId: item.driveId } : {}) }]
    : [];
  let parentId = item.parents?.[0];
  for (let depth = 0; parentId && depth < maxDepth; depth++) {
    if (root && parentId === root.id) return { place: 'myDrive', path: chain };
    const parent = await get(parentId);
    if (!parent) break;
    const crumb: FolderCrumb = {
      id: parent.id,
      name: parent.name || 'Untitled folder',
      ...(parent.driveId ? { driveId: parent.driveId } : {}),
    };
    chain.unshift(crumb);
    if (parent.driveId && parent.id === parent.driveId) return { place: 'sharedDrives', path: chain };
    parentId = parent.parents?.[0];
  }
  if (item.driveId && item.id === item.driveId) return { place: 'sharedDrives', path: chain };
  return { place: 'sharedWithMe', path: chain };
}

/** Shows a file in the browser: its folder open, the file selected with its details. */
export async function revealFile(fileId: string): Promise<void> {
  const item = await get(fileId);
  if (!item) {
    notify({ message: 'That file does not exist, or you no longer have access to it.', kind: 'error' });
    return;
  }
  try {
    const location = await locationOf(item);
    const store = useFilesStore.getState();
    store.setLocation(location);
    if (!isFolder(item) || item.trashed) {
      store.setSelection({ selected: new Set([item.id]), anchor: item.id, focus: item.id });
      store.setDetailsOpen(true);
    }
  } catch (error) {
    notifyError('Couldn’t open the file.', error);
  }
}

/** Follows `file` routes (deep links, notifications): switches to Files and reveals the file. Returns the unsubscribe function. */
export function followFileRoutes(): () => void {
  return ipc.onEvent((event) => {
    if (event.type !== 'navigate' || event.route.kind !== 'file') return;
    useViewStore.getState().show('files');
    void revealFile(event.route.fileId);
  });
}
