import * as Dialog from '@radix-ui/react-dialog';
import {
  Copy,
  Download,
  FolderInput,
  Palette,
  PencilLine,
  RotateCcw,
  Star,
  StarOff,
  Trash2,
  UserPlus,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Tip } from '../../components/Tip';
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

/** One action of the bar: an icon, its name as the button's name and as a tooltip. */
function Action({
  label,
  icon: Icon,
  onClick,
  testId,
  shortcut,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  testId?: string;
  /** The key that does the same (the tooltip shows it), as `aria-keyshortcuts` names it. */
  shortcut?: { shown: string; aria: string };
}) {
  return (
    <Tip text={shortcut ? `${label} (${shortcut.shown})` : label}>
      <button
        type="button"
        className="button button--ghost button--icon"
        onClick={onClick}
        aria-label={label}
        aria-keyshortcuts={shortcut?.aria}
        data-testid={testId}
      >
        <Icon size={18} strokeWidth={1.8} aria-hidden="true" />
      </button>
    </Tip>
  );
}

/**
 * Actions on the selected items, as icons named by their tooltips (as in Drive), so the bar stays one
 * line beside the details sheet; what is offered depends on the place (the Trash restores and
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
      icon: FolderInput,
    },
    ...(files.length === items.length
      ? [{ label: 'Make a copy', onSelect: () => void copyItems(items), testId: 'action-copy', icon: Copy }]
      : []),
    {
      label: allStarred ? 'Remove star' : 'Star',
      onSelect: () => void starItems(items, !allStarred),
      testId: 'action-star',
      icon: allStarred ? StarOff : Star,
    },
    ...(folders.length === items.length
      ? [{ label: 'Folder color…', onSelect: () => setColoring(folders), testId: 'action-color', icon: Palette }]
      : []),
  ];

  return (
    <div className="selection-bar" role="toolbar" aria-label="Selected items" data-testid="selection-bar">
      <Action label="Clear selection" icon={X} onClick={onClear} />
      <span className="selection-bar__count" data-testid="selection-count">
        {items.length} selected
      </span>
      {inTrash ? (
        <>
          <Action label="Restore" icon={RotateCcw} onClick={() => void restoreItems(items)} testId="action-restore" />
          <Action
            label="Delete forever"
            icon={Trash2}
            onClick={() => requestDeleteForever(items)}
            testId="action-delete-forever"
          />
        </>
      ) : (
        <>
          {single ? (
            <Action
              label="Share"
              icon={UserPlus}
              onClick={() => shareItem(single)}
              testId="action-share"
              shortcut={{ shown: '.', aria: '.' }}
            />
          ) : null}
          {files.length > 0 ? (
            <Action
              label="Download"
              icon={Download}
              onClick={() => void downloadItems(files)}
              testId="action-download"
            />
          ) : null}
          {single ? (
            <Action
              label="Rename"
              icon={PencilLine}
              onClick={() => requestRename(single)}
              testId="action-rename"
              shortcut={{ shown: 'n', aria: 'N F2' }}
            />
          ) : null}
          <Action
            label="Move to trash"
            icon={Trash2}
            onClick={() => void trashItems(items)}
            testId="action-trash"
            shortcut={{ shown: 'Del', aria: 'Delete' }}
          />
          <MenuButton label="More actions" actions={more} testId="action-more" />
        </>
      )}
      {coloring ? <FolderColorDialog folders={coloring} onClose={() => setColoring(null)} /> : null}
    </div>
  );
}
