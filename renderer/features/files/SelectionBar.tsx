import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import {
  colorFolders,
  copyItems,
  downloadItems,
  requestDeleteForever,
  requestRename,
  restoreItems,
  shareItem,
  starItems,
  trashItems,
} from './commands';
import type { DriveItem } from './drive-file';
import { folderColors, isFolder } from './drive-file';
import { useDialogStore } from './dialog-store';
import { MenuButton, type MenuAction } from './MenuButton';
import { returnFocus } from '../../lib/return-focus';

function FolderColorDialog({ folders, onClose }: { folders: DriveItem[]; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          {...returnFocus}
          className="dialog"
          data-testid="folder-color-dialog"
          aria-describedby={undefined}
        >
          <Dialog.Title className="dialog__title">Folder color</Dialog.Title>
          <div className="swatches" role="group" aria-label="Folder colors">
            {folderColors.map((color) => (
              <button
                key={color.rgb}
                type="button"
                className="swatch"
                style={{ background: color.rgb }}
                aria-label={color.name}
                title={color.name}
                onClick={() => {
                  onClose();
                  void colorFolders(folders, color.rgb);
                }}
                data-testid={`color-${color.rgb.slice(1)}`}
              />
            ))}
          </div>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Actions on the selected items; what is offered depends on the place (the Trash restores and
 * deletes). The bar keeps its height when nothing is selected, so selecting never moves the list.
 */
export function SelectionBar({
  items,
  inTrash,
  onClear,
  summary,
}: {
  items: DriveItem[];
  inTrash: boolean;
  onClear: () => void;
  summary: string;
}) {
  const [coloring, setColoring] = useState<DriveItem[] | null>(null);
  if (items.length === 0) {
    return (
      <div className="selection-bar selection-bar--idle" data-testid="selection-bar">
        <span className="selection-bar__summary">{summary}</span>
      </div>
    );
  }
  const single = items.length === 1 ? items[0]! : null;
  const allStarred = items.every((item) => item.starred);
  const folders = items.filter(isFolder);
  const files = items.filter((item) => !isFolder(item));

  const more: MenuAction[] = [
    {
      label: 'Move to…',
      onSelect: () => useDialogStore.getState().open({ kind: 'move', items }),
      testId: 'action-move',
    },
    ...(files.length === items.length
      ? [{ label: 'Make a copy', onSelect: () => void copyItems(items), testId: 'action-copy' }]
      : []),
    {
      label: allStarred ? 'Remove star' : 'Star',
      onSelect: () => void starItems(items, !allStarred),
      testId: 'action-star',
    },
    ...(folders.length === items.length
      ? [{ label: 'Folder color…', onSelect: () => setColoring(folders), testId: 'action-color' }]
      : []),
  ];

  return (
    <div className="selection-bar" role="toolbar" aria-label="Selected items" data-testid="selection-bar">
      <button
        type="button"
        className="button button--ghost button--icon"
        onClick={onClear}
        aria-label="Clear selection"
      >
        ✕
      </button>
      <span className="selection-bar__count" data-testid="selection-count">
        {items.length} selected
      </span>
      {inTrash ? (
        <>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void restoreItems(items)}
            data-testid="action-restore"
          >
            Restore
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => requestDeleteForever(items)}
            data-testid="action-delete-forever"
          >
            Delete forever
          </button>
        </>
      ) : (
        <>
          {single ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => shareItem(single)}
              data-testid="action-share"
            >
              Share
            </button>
          ) : null}
          {files.length > 0 ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void downloadItems(files)}
              data-testid="action-download"
            >
              Download
            </button>
          ) : null}
          {single ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => requestRename(single)}
              data-testid="action-rename"
            >
              Rename
            </button>
          ) : null}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void trashItems(items)}
            data-testid="action-trash"
          >
            Move to trash
          </button>
          <MenuButton label="More actions" actions={more} testId="action-more" />
        </>
      )}
      {coloring ? <FolderColorDialog folders={coloring} onClose={() => setColoring(null)} /> : null}
    </div>
  );
}
