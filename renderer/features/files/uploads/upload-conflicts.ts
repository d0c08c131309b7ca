import { callApi } from '../../../lib/api';
import { useDialogStore } from '../dialog-store';
import { folderMimeType, quoteQueryValue } from '../drive-file';
import type { FolderCrumb } from '../model/places';
import type { DroppedContent } from './dropped-entries';
import { uploadInto, uploadNewVersion } from './upload-store';

/** A file being uploaded whose name a file in the target folder already has. */
export interface UploadConflict {
  name: string;
  existingId: string;
}

/**
 * Uploads `content` into `target`, as Drive does: when files at its top have the names of files already
 * in the folder, asks first whether to replace them (each becomes a new version of the file there) or
 * keep both. If the folder cannot be read, the upload goes ahead as new files.
 */
export async function uploadAskingOnConflict(target: FolderCrumb, content: DroppedContent): Promise<void> {
  const topNames = new Set(content.files.filter((entry) => !entry.relativePath.includes('/')).map((e) => e.file.name));
  let conflicts: UploadConflict[] = [];
  if (topNames.size > 0) {
    try {
      const page = await callApi('DriveFilesList', {
        q: `${quoteQueryValue(target.id)} in parents and trashed = false and mimeType != ${quoteQueryValue(folderMimeType)}`,
        fields: 'files(id,name)',
        pageSize: 1000,
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
      });
      const existing = new Map<string, string>();
      for (const file of page.files ?? [])
        if (file.id && file.name && !existing.has(file.name)) existing.set(file.name, file.id);
      conflicts = [...topNames].flatMap((name) => {
        const existingId = existing.get(name);
        return existingId ? [{ name, existingId }] : [];
      });
    } catch {
      conflicts = [];
    }
  }
  if (conflicts.length === 0) {
    uploadInto(target, content);
    return;
  }
  useDialogStore.getState().open({ kind: 'uploadConflict', target, content, conflicts });
}

/** Carries out the person's choice: the same-named files as new versions, or everything as new files. */
export function uploadWithChoice(
  target: FolderCrumb,
  content: DroppedContent,
  conflicts: readonly UploadConflict[],
  choice: 'replace' | 'keepBoth',
): void {
  if (choice === 'keepBoth') {
    uploadInto(target, content);
    return;
  }
  const byName = new Map(conflicts.map((conflict) => [conflict.name, conflict.existingId]));
  const rest = content.files.filter((entry) => {
    const existingId = entry.relativePath.includes('/') ? undefined : byName.get(entry.file.name);
    if (existingId) uploadNewVersion(existingId, entry.file.name, entry.file);
    return !existingId;
  });
  if (rest.length > 0 || content.folders.length > 0) uploadInto(target, { files: rest, folders: content.folders });
}
