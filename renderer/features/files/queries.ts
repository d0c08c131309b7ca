import { useInfiniteQuery, type Query } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiQueryKey, callApi, queryClient, useActiveAccount } from '../../lib/api';
import type { FilePage } from './data/listing-cache';
import { hasId, type DriveItem } from './drive-file';
import type { ListingParams } from './model/places';

/**
 * A small first page puts the first screen up quickly, whatever the folder's size. Later pages are
 * a few screens each: large enough to keep ahead of scrolling, small enough that receiving one
 * (reading, decoding, adding its rows) never holds a frame.
 */
export const firstPageSize = 100;
export const nextPageSize = 250;

export function isDriveQuery(query: Query): boolean {
  const [scope, , operation] = query.queryKey;
  return scope === 'api' && typeof operation === 'string' && operation.startsWith('Drive');
}

/** Refetches what a Drive write may have changed (listings, the tree, details). */
export function refreshDrive(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isDriveQuery });
}

// Each page's listed files, kept per page so a new page only adds its own.
const pageFiles = new WeakMap<FilePage, DriveItem[]>();

function filesOf(page: FilePage): DriveItem[] {
  let files = pageFiles.get(page);
  if (!files) {
    files = (page.files ?? []).filter(hasId);
    pageFiles.set(page, files);
  }
  return files;
}

/**
 * A listing read page by page (`nextPageToken`), as the user scrolls towards its end. Cached under
 * the API key of its parameters, so pushed Drive changes and the actions' invalidations refresh it.
 */
export function useFileListing(params: ListingParams | null) {
  const account = useActiveAccount() ?? '';
  const query = useInfiniteQuery({
    queryKey: apiQueryKey('DriveFilesList', params ?? { q: '' }, account),
    enabled: params !== null,
    initialPageParam: '',
    queryFn: ({ pageParam }): Promise<FilePage> =>
      callApi(
        'DriveFilesList',
        {
          ...params,
          pageSize: pageParam ? nextPageSize : firstPageSize,
          ...(pageParam ? { pageToken: pageParam } : {}),
        },
        undefined,
        account ? { account } : {},
      ),
    getNextPageParam: (last: FilePage) => last.nextPageToken || undefined,
    // Comparing every loaded entry with its previous copy on each new page costs more than it saves.
    structuralSharing: false,
  });

  const files = useMemo(() => {
    const pages = query.data?.pages ?? [];
    return pages.length === 1 ? filesOf(pages[0]!) : pages.flatMap(filesOf);
  }, [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return { ...query, files, loadMore };
}
