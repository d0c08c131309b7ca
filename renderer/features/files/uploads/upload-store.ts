import { create } from 'zustand';
import { callApi, errorMessage, getActiveAccount, queryClient } from '../../../lib/api';
import { isActiveAccountOffline } from '../../../lib/offline';
import { ipc } from '../../../platform/ipc';
import { folderMimeType } from '../drive-file';
import { refreshDrive } from '../queries';
import type { FolderCrumb } from '../model/places';
import { folderOf, foldersInCreationOrder, type DroppedContent } from './dropped-entries';
import { UploadCancelledError, uploadResumably, type UploadTransport } from './resumable-upload';

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  received: number;
  state: UploadState;
  error?: string;
  /** Done while the account was offline: the core keeps the file and uploads it when Google answers. */
  waitingToSync?: boolean;
  /** Where it goes: the drop target's name and the path below it. */
  destination: string;
}

interface UploadTask {
  file: File;
  parentId: () => Promise<string>;
  fileId?: string;
  controller: AbortController;
}

interface UploadStoreState {
  items: UploadItem[];
  patch: (id: string, change: Partial<UploadItem>) => void;
  add: (items: UploadItem[]) => void;
  clearFinished: () => void;
}

export const useUploadStore = create<UploadStoreState>((set) => ({
  items: [],
  patch: (id, change) =>
    set((state) => ({ items: state.items.map((item) => (item.id === id ? { ...item, ...change } : item)) })),
  add: (items) => set((state) => ({ items: [...state.items, ...items] })),
  clearFinished: () =>
    set((state) => ({ items: state.items.filter((item) => item.state === 'queued' || item.state === 'uploading') })),
}));

/** The core's resumable uploads over IPC, for the active account at the time of the upload. */
function ipcTransport(account: string | null): UploadTransport {
  const scope = account ? { account } : {};
  return {
    start: (input) => ipc.invoke('files.uploadStart', { ...scope, ...input }),
    chunk: (upload, offset, bytes) =>
      ipc.invoke('files.uploadChunk', { upload, offset, contentBase64: encodeChunk(bytes) }),
    status: (upload) => ipc.invoke('files.uploadStatus', { upload }),
    cancel: async (upload) => void (await ipc.invoke('files.uploadCancel', { upload })),
  };
}

function encodeChunk(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

const tasks = new Map<string, UploadTask>();
const waiting: string[] = [];
const concurrentUploads = 2;
let running = 0;
let counter = 0;

function pump(): void {
  while (running < concurrentUploads && waiting.length > 0) {
    const id = waiting.shift()!;
    const task = tasks.get(id);
    if (!task || task.controller.signal.aborted) continue;
    running += 1;
    void run(id, task).finally(() => {
      running -= 1;
      pump();
    });
  }
}

async function run(id: string, task: UploadTask): Promise<void> {
  const { patch } = useUploadStore.getState();
  patch(id, { state: 'uploading', received: 0 });
  try {
    const parent = task.fileId ? undefined : await task.parentId();
    await uploadResumably(task.file, ipcTransport(getActiveAccount()), {
      metadata: task.fileId ? {} : { name: task.file.name, parents: [parent] },
      ...(task.fileId ? { fileId: task.fileId } : {}),
      signal: task.controller.signal,
      onProgress: (received) => patch(id, { received }),
    });
    patch(id, {
      state: 'done',
      received: task.file.size,
      ...(isActiveAccountOffline(queryClient) ? { waitingToSync: true } : {}),
    });
    tasks.delete(id);
    void refreshDrive();
  } catch (error) {
    if (error instanceof UploadCancelledError || task.controller.signal.aborted) patch(id, { state: 'cancelled' });
    else patch(id, { state: 'failed', error: errorMessage(error) });
  }
}

function enqueue(file: File, destination: string, parentId: () => Promise<string>, fileId?: string): void {
  counter += 1;
  const id = `upload-${counter}`;
  tasks.set(id, { file, parentId, controller: new AbortController(), ...(fileId ? { fileId } : {}) });
  useUploadStore.getState().add([{ id, name: file.name, size: file.size, received: 0, state: 'queued', destination }]);
  waiting.push(id);
}

/** Uploads files (and the folders they sit in) into `target`, creating the folders first. */
export function uploadInto(target: FolderCrumb, content: DroppedContent): void {
  const folderIds = new Map<string, Promise<string>>([['', Promise.resolve(target.id)]]);
  const folderId = (path: string): Promise<string> => {
    const known = folderIds.get(path);
    if (known) return known;
    const parentPath = folderOf(path);
    const name = path.slice(parentPath ? parentPath.length + 1 : 0);
    const created = folderId(parentPath).then(async (parent) => {
      const folder = await callApi(
        'DriveFilesCreate',
        { supportsAllDrives: true, fields: 'id' },
        { name, mimeType: folderMimeType, parents: [parent] },
      );
      if (!folder.id) throw new Error('The service answered without an id.');
      return folder.id;
    });
    folderIds.set(path, created);
    return created;
  };
  for (const path of foldersInCreationOrder(content.folders)) void folderId(path).catch(() => undefined);
  if (content.folders.length > 0)
    void Promise.all(content.folders.map(folderId)).then(
      () => refreshDrive(),
      () => refreshDrive(),
    );
  for (const entry of content.files) {
    const path = folderOf(entry.relativePath);
    enqueue(entry.file, path ? `${target.name}/${path}` : target.name, () => folderId(path));
  }
  pump();
}

/** Uploads `file` as the new content (a new revision) of an existing file. */
export function uploadNewVersion(fileId: string, fileName: string, file: File): void {
  enqueue(file, fileName, () => Promise.resolve(''), fileId);
  pump();
}

export function cancelUpload(id: string): void {
  const task = tasks.get(id);
  if (!task) return;
  task.controller.abort();
  const index = waiting.indexOf(id);
  if (index !== -1) {
    waiting.splice(index, 1);
    useUploadStore.getState().patch(id, { state: 'cancelled' });
  }
}

export function retryUpload(id: string): void {
  const task = tasks.get(id);
  if (!task) return;
  tasks.set(id, { ...task, controller: new AbortController() });
  useUploadStore.getState().patch(id, { state: 'queued', received: 0, error: undefined });
  waiting.push(id);
  pump();
}
