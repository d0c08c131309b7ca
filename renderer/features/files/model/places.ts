import { folderMimeType, listFields, quoteQueryValue, unquoteQueryValue } from '../drive-file';

/** The top-level places of the file manager. */
export type PlaceId = 'myDrive' | 'sharedDrives' | 'sharedWithMe' | 'starred' | 'recent' | 'trash' | 'search';

export const places: readonly { id: Exclude<PlaceId, 'search'>; label: string }[] = [
  { id: 'myDrive', label: 'My Drive' },
  { id: 'sharedDrives', label: 'Shared drives' },
  { id: 'sharedWithMe', label: 'Shared with me' },
  { id: 'starred', label: 'Starred' },
  { id: 'recent', label: 'Recent' },
  { id: 'trash', label: 'Trash' },
];

export function placeLabel(place: PlaceId): string {
  return place === 'search' ? 'Search results' : (places.find((p) => p.id === place)?.label ?? '');
}

/** A folder on the way from a place to where the user is; `driveId` when it lies in a shared drive. */
export interface FolderCrumb {
  id: string;
  name: string;
  driveId?: string;
}

/**
 * Where the browser is: a place and the folders opened inside it. My Drive's own root is the
 * place itself (`root`); in Shared drives the first crumb is the drive (its id is also its root folder's).
 */
export interface FileLocation {
  place: PlaceId;
  path: FolderCrumb[];
}

export const myDriveRoot: FolderCrumb = { id: 'root', name: 'My Drive' };

/** The folder whose content is listed, or null when the place lists something else (Starred, the drive list...). */
export function currentFolder(location: FileLocation): FolderCrumb | null {
  const last = location.path[location.path.length - 1];
  if (last) return last;
  return location.place === 'myDrive' ? myDriveRoot : null;
}

/** The location after opening `folder` from `location`: cut back to it when it is already on the path. */
export function locationAfterOpening(location: FileLocation, folder: FolderCrumb): FileLocation {
  const existing = location.path.findIndex((crumb) => crumb.id === folder.id);
  if (existing !== -1) return { ...location, path: location.path.slice(0, existing + 1) };
  if (location.place === 'myDrive' && folder.id === 'root') return { ...location, path: [] };
  return { ...location, path: [...location.path, folder] };
}

export type SortKey = 'name' | 'modifiedTime' | 'quotaBytesUsed';
export interface SortOrder {
  key: SortKey;
  descending: boolean;
}

export const defaultSort: SortOrder = { key: 'name', descending: false };

/** Drive `orderBy` for a listing: folders first, then the chosen key; Recent is always by recency. */
export function orderByFor(place: PlaceId, inFolder: boolean, sort: SortOrder): string {
  if (place === 'recent' && !inFolder) return 'recency desc';
  return `folder,${sort.key}${sort.descending ? ' desc' : ''}`;
}

/** DriveFilesList parameters (without paging) for what a location shows. */
export interface ListingParams {
  q: string;
  /** Left out for a search that looks inside files: Drive answers those by relevance and refuses a sort. */
  orderBy?: string;
  fields: string;
  supportsAllDrives: true;
  includeItemsFromAllDrives: true;
  corpora?: 'user' | 'drive' | 'allDrives';
  driveId?: string;
}

export type Listing = { kind: 'files'; params: ListingParams } | { kind: 'drives' };

export function listingFor(location: FileLocation, sort: SortOrder, searchQuery: string): Listing {
  const folder = currentFolder(location);
  const base = { fields: listFields, supportsAllDrives: true, includeItemsFromAllDrives: true } as const;
  const orderBy = orderByFor(location.place, folder !== null, sort);
  if (folder) {
    return {
      kind: 'files',
      params: {
        ...base,
        q: `${quoteQueryValue(folder.id)} in parents and trashed = false`,
        orderBy,
        ...(folder.driveId ? { corpora: 'drive' as const, driveId: folder.driveId } : {}),
      },
    };
  }
  switch (location.place) {
    case 'sharedDrives':
      return { kind: 'drives' };
    case 'sharedWithMe':
      return { kind: 'files', params: { ...base, q: 'sharedWithMe and trashed = false', orderBy } };
    case 'starred':
      return {
        kind: 'files',
        params: { ...base, q: 'starred = true and trashed = false', orderBy, corpora: 'allDrives' },
      };
    case 'recent':
      return {
        kind: 'files',
        params: { ...base, q: `trashed = false and mimeType != ${quoteQueryValue(folderMimeType)}`, orderBy },
      };
    case 'trash':
      // Items trashed in shared drives too: the Trash is the one place they can be restored from.
      return { kind: 'files', params: { ...base, q: 'trashed = true', orderBy, corpora: 'allDrives' } };
    case 'search': {
      const q = searchQuery || 'trashed = false';
      const byRelevance = /\bfullText contains\b/.test(q);
      return { kind: 'files', params: { ...base, q, ...(byRelevance ? {} : { orderBy }), corpora: 'allDrives' } };
    }
    case 'myDrive':
      return { kind: 'files', params: { ...base, q: `'root' in parents and trashed = false`, orderBy } };
  }
}

/** The folder a listing's q is pinned to (`'<id>' in parents and ...`), if any. */
export function pinnedFolderOf(q: unknown): string | null {
  if (typeof q !== 'string') return null;
  const match = /^('(?:[^'\\]|\\.)*') in parents/.exec(q);
  return match?.[1] ? unquoteQueryValue(match[1]) : null;
}

/** Whether a listing's q shows trashed items (the Trash) rather than live ones. */
export function listsTrash(q: unknown): boolean {
  return typeof q === 'string' && /^trashed = true/.test(q);
}
