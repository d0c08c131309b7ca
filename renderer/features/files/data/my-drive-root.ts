import { useApiQuery } from '../../../lib/api';

/**
 * My Drive's own folder ("root" only names it): items at its top carry its id in their parents. Asked
 * once per session and shared by everything that compares against it.
 */
export function useMyDriveRoot() {
  return useApiQuery('DriveFilesGet', { fileId: 'root', fields: 'id' }, { staleTime: Infinity });
}
