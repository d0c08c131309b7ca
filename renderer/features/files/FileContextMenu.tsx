import * as ContextMenu from '@radix-ui/react-context-menu';
import {
  ChevronRight,
  Copy,
  Download,
  Eye,
  Folder,
  FolderInput,
  FolderPlus,
  FolderSearch,
  FolderUp,
  Info,
  Link,
  PencilLine,
  RotateCcw,
  Star,
  StarOff,
  Trash2,
  Upload,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import {
  copyItems,
  downloadItems,
  requestMove,
  openItem,
  requestDeleteForever,
  requestRename,
  restoreItems,
  shareItem,
  starItems,
  trashItems,
} from './commands';
import type { DriveItem } from './drive-file';
import { isFolder } from './drive-file';
import { copyFileLink } from './file-link';
import { useFilesStore } from './files-store';
import { useMyDriveRoot } from './data/my-drive-root';
import { useDialogStore } from './dialog-store';
import { myDriveRoot, type FolderCrumb } from './model/places';
import { registeredCommands, type Command } from '../../lib/commands';

/** What the menu offers off the items, in the list's empty space: the palette's commands for this folder. */
const backgroundCommandIds = ['files.newFolder', 'files.upload', 'files.uploadFolder'];

export function backgroundCommands(): Command[] {
  const { commands } = registeredCommands();
  return backgroundCommandIds.flatMap((id) => commands.filter((command) => command.id === id));
}

/** The icons of the commands offered in the list's empty space. */
const backgroundIcons: Record<string, LucideIcon> = {
  'files.newFolder': FolderPlus,
  'files.upload': Upload,
  'files.uploadFolder': FolderUp,
};

/** A line of the menu: its icon, its name, and the key that does the same from the list, if one does. */
function Item({
  onSelect,
  testId,
  icon: Icon,
  shortcut,
  children,
}: {
  onSelect: () => void;
  testId: string;
  icon: LucideIcon;
  shortcut?: string;
  children: ReactNode;
}) {
  return (
    <ContextMenu.Item className="context-menu__item" onSelect={onSelect} data-testid={testId}>
      <Icon className="context-menu__icon" size={16} strokeWidth={1.8} aria-hidden="true" />
      <span className="context-menu__label">{children}</span>
      {shortcut ? <kbd className="context-menu__shortcut">{shortcut}</kbd> : null}
    </ContextMenu.Item>
  );
}

/**
 * The right-click menu of the file list (and Shift+F10 or the context-menu key on the focused row):
 * the same actions as the selection bar, on the items under the pointer (the selection when the
 * clicked item is part of it).
 */
export function FileContextMenu({
  items,
  inTrash,
  folders,
  onOpenChange,
  children,
}: {
  items: DriveItem[];
  inTrash: boolean;
  /** Folders the items can be moved into from here (the listing's folders). */
  folders: FolderCrumb[];
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const single = items.length === 1 ? items[0]! : null;
  const files = items.filter((item) => !isFolder(item));
  const allStarred = items.length > 0 && items.every((item) => item.starred);
  const ids = new Set(items.map((item) => item.id));
  // My Drive's own id: items at its top name it in their parents, not "root".
  const root = useMyDriveRoot().data?.id;
  const targets = [myDriveRoot, ...folders.filter((folder) => !ids.has(folder.id))].filter(
    (folder) => !items.every((item) => item.parents?.includes(folder.id === 'root' ? (root ?? 'root') : folder.id)),
  );
  return (
    <ContextMenu.Root onOpenChange={onOpenChange} modal>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        {items.length > 0 ? (
          <ContextMenu.Content
            className="context-menu"
            // Kept off the window's edges, where a menu opened low would otherwise sit flush against them.
            collisionPadding={8}
            aria-label={single ? `Actions for ${single.name || 'Untitled'}` : `Actions for ${items.length} items`}
            data-testid="file-context-menu"
          >
            {inTrash ? (
              <>
                <Item onSelect={() => void restoreItems(items)} testId="menu-restore" icon={RotateCcw}>
                  Restore
                </Item>
                <Item
                  onSelect={() => requestDeleteForever(items)}
                  testId="menu-delete-forever"
                  icon={Trash2}
                  shortcut="Del"
                >
                  Delete forever
                </Item>
              </>
            ) : (
              <>
                {single ? (
                  <Item onSelect={() => openItem(single)} testId="menu-open" icon={Eye} shortcut="Enter">
                    Open
                  </Item>
                ) : null}
                {files.length > 0 ? (
                  <Item onSelect={() => void downloadItems(files)} testId="menu-download" icon={Download}>
                    Download
                  </Item>
                ) : null}
                <ContextMenu.Separator className="context-menu__separator" />
                {single ? (
                  <Item onSelect={() => shareItem(single)} testId="menu-share" icon={UserPlus}>
                    Share
                  </Item>
                ) : null}
                {single ? (
                  <Item onSelect={() => void copyFileLink(single)} testId="menu-copy-link" icon={Link}>
                    Copy link
                  </Item>
                ) : null}
                <ContextMenu.Separator className="context-menu__separator" />
                {single ? (
                  <Item onSelect={() => requestRename(single)} testId="menu-rename" icon={PencilLine} shortcut="F2">
                    Rename
                  </Item>
                ) : null}
                {files.length === items.length ? (
                  <Item onSelect={() => void copyItems(items)} testId="menu-copy" icon={Copy}>
                    Make a copy
                  </Item>
                ) : null}
                <ContextMenu.Sub>
                  <ContextMenu.SubTrigger className="context-menu__item" data-testid="menu-move">
                    <FolderInput className="context-menu__icon" size={16} strokeWidth={1.8} aria-hidden="true" />
                    <span className="context-menu__label">Move to</span>
                    <ChevronRight className="context-menu__icon" size={16} strokeWidth={1.8} aria-hidden="true" />
                  </ContextMenu.SubTrigger>
                  <ContextMenu.Portal>
                    <ContextMenu.SubContent className="context-menu" data-testid="menu-move-targets">
                      {targets.map((folder) => (
                        <Item
                          key={folder.id}
                          onSelect={() => void requestMove(items, folder)}
                          testId={`menu-move-${folder.id}`}
                          icon={Folder}
                        >
                          {folder.name}
                        </Item>
                      ))}
                      {targets.length > 0 ? <ContextMenu.Separator className="context-menu__separator" /> : null}
                      <Item
                        onSelect={() => useDialogStore.getState().open({ kind: 'move', items })}
                        testId="menu-move-choose"
                        icon={FolderSearch}
                      >
                        Choose a folder…
                      </Item>
                    </ContextMenu.SubContent>
                  </ContextMenu.Portal>
                </ContextMenu.Sub>
                <Item
                  onSelect={() => void starItems(items, !allStarred)}
                  testId="menu-star"
                  icon={allStarred ? StarOff : Star}
                >
                  {allStarred ? 'Remove star' : 'Star'}
                </Item>
                <Item onSelect={() => useFilesStore.getState().setDetailsOpen(true)} testId="menu-details" icon={Info}>
                  Details
                </Item>
                <ContextMenu.Separator className="context-menu__separator" />
                <Item onSelect={() => void trashItems(items)} testId="menu-trash" icon={Trash2} shortcut="Del">
                  Move to trash
                </Item>
              </>
            )}
          </ContextMenu.Content>
        ) : inTrash ? null : (
          <ContextMenu.Content
            className="context-menu"
            aria-label="Add to this folder"
            data-testid="folder-context-menu"
          >
            {backgroundCommands().map((command) => (
              <Item
                key={command.id}
                onSelect={command.run}
                testId={`menu-${command.id}`}
                icon={backgroundIcons[command.id] ?? FolderPlus}
              >
                {command.title}
              </Item>
            ))}
          </ContextMenu.Content>
        )}
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
