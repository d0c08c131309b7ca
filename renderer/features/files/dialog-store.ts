import { create } from 'zustand';
import type { DriveItem } from './drive-file';
import type { FolderCrumb } from './model/places';
import type { DroppedContent } from './uploads/dropped-entries';
import type { UploadConflict } from './uploads/upload-conflicts';

/** The one modal the file manager has open, if any (besides sharing, which has its own). */
export type FilesDialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; item: DriveItem }
  | { kind: 'move'; items: DriveItem[] }
  | { kind: 'preview'; item: DriveItem }
  | { kind: 'uploadConflict'; target: FolderCrumb; content: DroppedContent; conflicts: UploadConflict[] }
  | {
      kind: 'confirm';
      title: string;
      message: string;
      confirmLabel: string;
      /** Whether confirming destroys something (a red button); true unless said otherwise. */
      destructive?: boolean;
      onConfirm: () => void;
    };

interface DialogState {
  dialog: FilesDialog | null;
  open: (dialog: FilesDialog) => void;
  close: () => void;
}

export const useDialogStore = create<DialogState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));
