/** The fields of a Drive v3 File the file list reads (`size` is an int64 carried as a string). */
export interface DriveFileOwner {
  displayName?: string | null;
  emailAddress?: string | null;
  me?: boolean | null;
}

export interface DriveFileEntry {
  id?: string | null;
  name?: string | null;
  mimeType?: string | null;
  modifiedTime?: string | null;
  size?: string | number | null;
  owners?: DriveFileOwner[] | null;
}

export const folderMimeType = 'application/vnd.google-apps.folder';

/** Fields requested for each entry of a folder listing. */
export const folderListFields = 'nextPageToken,files(id,name,mimeType,modifiedTime,size,owners)';

export function isFolder(file: DriveFileEntry): boolean {
  return file.mimeType === folderMimeType;
}

/** Quotes a value for a Drive `q` string literal: backslash and single quote are escaped. */
export function quoteQueryValue(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** DriveFilesList parameters for the non-trashed children of a folder, folders first, by name. */
export function folderListParams(folderId: string) {
  return {
    q: `${quoteQueryValue(folderId)} in parents and trashed = false`,
    orderBy: 'folder,name',
    fields: folderListFields,
    pageSize: 1000,
  };
}

/** Folders first, then by name as people read it (case-insensitive, numbers in order). */
export function sortForDisplay<T extends DriveFileEntry>(files: readonly T[]): T[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return [...files].sort((a, b) => Number(isFolder(b)) - Number(isFolder(a)) || collator.compare(a.name ?? '', b.name ?? ''));
}
