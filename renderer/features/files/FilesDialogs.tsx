import { memo } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import { newFolder, renameItem } from './commands';
import { useDialogStore } from './dialog-store';
import { useFilesStore } from './files-store';
import { FilePreview } from './FilePreview';
import { MoveDialog } from './MoveDialog';
import { UploadConflictDialog } from './UploadConflictDialog';
import { RenameDialog } from './RenameDialog';
import { myDriveRoot, type FileLocation, type FolderCrumb } from './model/places';

/** Where "Move to…" opens: the folder shown, from the top of its drive (My Drive's top elsewhere). */
function moveStart(location: FileLocation): FolderCrumb[] {
  if (location.place === 'myDrive') return [myDriveRoot, ...location.path];
  if (location.place === 'sharedDrives' && location.path.length > 0) return location.path;
  return [myDriveRoot];
}

/** The file manager's modal prompts: new folder, rename, and confirmations. */
export const FilesDialogs = memo(function FilesDialogs({ folder }: { folder: FolderCrumb | null }) {
  const dialog = useDialogStore((state) => state.dialog);
  const close = useDialogStore((state) => state.close);
  const location = useFilesStore((state) => state.location);
  return (
    <>
      <UploadConflictDialog request={dialog?.kind === 'uploadConflict' ? dialog : null} onClose={close} />
      <FilePreview item={dialog?.kind === 'preview' ? dialog.item : null} onClose={close} />
      <MoveDialog items={dialog?.kind === 'move' ? dialog.items : null} start={moveStart(location)} onClose={close} />
      <TextPromptDialog
        open={dialog?.kind === 'newFolder' && folder !== null}
        title="New folder"
        label="Folder name"
        initialValue="Untitled folder"
        submitLabel="Create"
        testId="new-folder-dialog"
        onSubmit={(name) => {
          close();
          if (folder) void newFolder(folder, name);
        }}
        onCancel={close}
      />
      <RenameDialog
        item={dialog?.kind === 'rename' ? dialog.item : null}
        onSubmit={(item, name) => {
          close();
          void renameItem(item, name);
        }}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'confirm'}
        title={dialog?.kind === 'confirm' ? dialog.title : ''}
        message={dialog?.kind === 'confirm' ? dialog.message : ''}
        confirmLabel={dialog?.kind === 'confirm' ? dialog.confirmLabel : 'OK'}
        destructive={dialog?.kind !== 'confirm' || dialog.destructive !== false}
        testId="confirm-dialog"
        onConfirm={() => {
          close();
          if (dialog?.kind === 'confirm') dialog.onConfirm();
        }}
        onCancel={close}
      />
    </>
  );
});
