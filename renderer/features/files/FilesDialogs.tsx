import { memo } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import { newFolder, renameItem } from './commands';
import { useDialogStore } from './dialog-store';
import type { FolderCrumb } from './model/places';

/** Asks before something that cannot be undone (deleting forever, emptying the trash, deleting a drive). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  testId,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  testId: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid={testId}>
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="dialog__description">{message}</Dialog.Description>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onCancel} data-testid={`${testId}-cancel`}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary button--danger"
              onClick={onConfirm}
              data-testid={`${testId}-confirm`}
              autoFocus
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The file manager's modal prompts: new folder, rename, and confirmations. */
export const FilesDialogs = memo(function FilesDialogs({ folder }: { folder: FolderCrumb | null }) {
  const dialog = useDialogStore((state) => state.dialog);
  const close = useDialogStore((state) => state.close);
  return (
    <>
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
      <TextPromptDialog
        open={dialog?.kind === 'rename'}
        title="Rename"
        label="New name"
        initialValue={dialog?.kind === 'rename' ? (dialog.item.name ?? '') : ''}
        submitLabel="Rename"
        testId="rename-dialog"
        onSubmit={(name) => {
          close();
          if (dialog?.kind === 'rename') void renameItem(dialog.item, name);
        }}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'confirm'}
        title={dialog?.kind === 'confirm' ? dialog.title : ''}
        message={dialog?.kind === 'confirm' ? dialog.message : ''}
        confirmLabel={dialog?.kind === 'confirm' ? dialog.confirmLabel : 'OK'}
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
