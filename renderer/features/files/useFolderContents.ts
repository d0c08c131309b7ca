import { useMemo } from 'react';
import { useApiQuery } from '../../lib/api';
import { listItems } from '../../lib/list-cache';
import { folderListParams, sortForDisplay, type DriveFileEntry } from './drive-file';

export function useFolderContents(folderId: string) {
  const query = useApiQuery('DriveFilesList', folderListParams(folderId), { allPagesOf: 'files' });
  const files = useMemo(() => sortForDisplay(listItems<DriveFileEntry>(query.data, 'files').filter((file) => file.id)), [query.data]);
  return { ...query, files };
}
