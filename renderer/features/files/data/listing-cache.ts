import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import { apiQueryPrefix, optimisticUpdate, type OptimisticUpdate } from '../../../lib/api';
import type { DriveFile } from '../drive-file';

/** One page of DriveFilesList as the listings cache it. */
export interface FilePage {
  files?: DriveFile[];
  nextPageToken?: string;
}

type Listing = InfiniteData<FilePage, string> | FilePage;

function isPaged(data: Listing): data is InfiniteData<FilePage, string> {
  return 'pages' in data && Array.isArray(data.pages);
}

/** Applies `change` to the files of a cached listing, paged (infinite query) or whole (all pages merged). */
export function mapListing(data: Listing, change: (files: DriveFile[], page: number) => DriveFile[]): Listing {
  if (isPaged(data))
    return { ...data, pages: data.pages.map((page, index) => ({ ...page, files: change(page.files ?? [], index) })) };
  return { ...data, files: change(data.files ?? [], 0) };
}

function paramsOf(key: QueryKey): Record<string, unknown> {
  const params = key[3];
  return params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
}

/** An optimistic change to every cached DriveFilesList whose params satisfy `match`. */
export function listingsUpdate(
  match: (params: Record<string, unknown>) => boolean,
  change: (files: DriveFile[], page: number) => DriveFile[],
): OptimisticUpdate {
  return optimisticUpdate<Listing>(
    apiQueryPrefix('DriveFilesList'),
    (previous) => mapListing(previous, change),
    (key) => match(paramsOf(key)),
  );
}

export const everyListing = (): boolean => true;

export function withoutIds(ids: ReadonlySet<string>) {
  return (files: DriveFile[]) => files.filter((file) => !ids.has(file.id ?? ''));
}

export function withChanges(ids: ReadonlySet<string>, change: Partial<DriveFile>) {
  return (files: DriveFile[]) => files.map((file) => (ids.has(file.id ?? '') ? { ...file, ...change } : file));
}

/** Adds an entry at the top of the first page (new folders and uploads show up at once). */
export function withPrepended(entry: DriveFile) {
  return (files: DriveFile[], page: number) => (page === 0 ? [entry, ...files] : files);
}
