/** A file to upload and where it goes below the drop target (`Photos/2024/a.jpg`; a bare name at the top). */
export interface UploadEntry {
  file: File;
  relativePath: string;
}

/** Files and folders (folders by relative path, so empty ones are created too). */
export interface DroppedContent {
  files: UploadEntry[];
  folders: string[];
}

/**
 * Takes what was dropped, synchronously (a DataTransfer is emptied once its event ends): folder
 * entries where the host offers them, plain files otherwise. Read the result with `readDropped`.
 */
export function takeDropped(dataTransfer: DataTransfer): { entries: FileSystemEntry[]; files: File[] } {
  const entries: FileSystemEntry[] = [];
  for (const item of Array.from(dataTransfer.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) entries.push(entry);
  }
  return { entries, files: Array.from(dataTransfer.files ?? []) };
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** A directory's entries; readEntries answers in batches until it answers none. */
async function childrenOf(entry: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = entry.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}

function isFile(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

export async function readDropped(taken: { entries: FileSystemEntry[]; files: File[] }): Promise<DroppedContent> {
  if (taken.entries.length === 0)
    return { files: taken.files.map((file) => ({ file, relativePath: file.name })), folders: [] };
  const content: DroppedContent = { files: [], folders: [] };
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (isFile(entry)) content.files.push({ file: await fileOf(entry), relativePath: path });
    else if (isDirectory(entry)) {
      content.folders.push(path);
      for (const child of await childrenOf(entry)) await walk(child, path);
    }
  };
  for (const entry of taken.entries) await walk(entry, '');
  return content;
}

/** Files chosen with a folder picker (`webkitdirectory`) carry their path below the chosen folder. */
export function entriesFromPicker(files: readonly File[]): DroppedContent {
  const folders = new Set<string>();
  const entries = files.map((file) => {
    const relativePath = file.webkitRelativePath || file.name;
    const parts = relativePath.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
    return { file, relativePath };
  });
  return { files: entries, folders: [...folders] };
}

/** The folder part of a relative path (`a/b/c.txt` → `a/b`; a bare name → ''). */
export function folderOf(relativePath: string): string {
  const slash = relativePath.lastIndexOf('/');
  return slash === -1 ? '' : relativePath.slice(0, slash);
}

/** Folder paths ordered so every parent comes before its children. */
export function foldersInCreationOrder(folders: readonly string[]): string[] {
  const all = new Set<string>();
  for (const folder of folders) {
    const parts = folder.split('/');
    for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join('/'));
  }
  return [...all].sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}
