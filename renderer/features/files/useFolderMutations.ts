import { useMutation } from '@tanstack/react-query';
import { apiQueryKey, optimisticApiUpdate, queryClient, uploadFile, useApiMutation } from '../../lib/api';
import { withListItemAppended } from '../../lib/list-cache';
import { folderListParams, folderMimeType } from './drive-file';

let pendingCounter = 0;
function pendingFileId(): string {
  pendingCounter += 1;
  return `pending-${Date.now().toString(36)}${pendingCounter}`;
}

/** DriveFilesCreate of a folder inside `parentId`, shown in the listing before the service answers. */
export function useCreateFolder(parentId: string) {
  const mutation = useApiMutation('DriveFilesCreate', {
    optimistic: ({ body }) => [
      optimisticApiUpdate('DriveFilesList', folderListParams(parentId), (page) =>
        withListItemAppended(page, 'files', {
          ...body,
          id: pendingFileId(),
          mimeType: folderMimeType,
          modifiedTime: new Date().toISOString(),
          owners: [{ me: true }],
        }),
      ),
    ],
  });

  const createFolder = (name: string) =>
    mutation.mutateAsync({ params: {}, body: { name, mimeType: folderMimeType, parents: [parentId] } });

  return { ...mutation, createFolder };
}

/** Uploads a local file into `parentId` and refreshes that folder's listing. */
export function useUploadFile(parentId: string) {
  return useMutation({
    mutationFn: (file: File) => uploadFile({ name: file.name, parents: [parentId] }, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('DriveFilesList', folderListParams(parentId)) }),
  });
}
