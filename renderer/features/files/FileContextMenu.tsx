import * as ContextMenu from '@radix-ui/react-context-menu';
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

function Item({ onSelect, testId, children }: { onSelect: () => void; testId: string; children: ReactNode }) {
  return (
    <ContextMenu.Item className="context-menu__item" onSelect={onSelect} data-testid={testId}>
      {children}
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
                <Item onSelect={() => void restoreItems(items)} testId="menu-restore">
                  Restore
                </Item>
                <Item onSelect={() => requestDeleteForever(items)} testId="menu-delete-forever">
                  Delete forever
                </Item>
              </>
            ) : (
              <>
                {single ? (
                  <Item onSelect={() => openItem(single)} testId="menu-open">
                    Open
                  </Item>
                ) : null}
                {files.length > 0 ? (
                  <Item onSelect={() => void downloadItems(files)} testId="menu-download">
                    Download
                  </Item>
                ) : null}
                <ContextMenu.Separator className="context-menu__separator" />
                {single ? (
                  <Item onSelect={() => shareItem(single)} testId="menu-share">
                    Share
                  </Item>
                ) : null}
                {single ? (
                  <Item onSelect={() => void copyFileLink(single)} testId="menu-copy-link">
                    Copy link
                  </Item>
                ) : null}
                <ContextMenu.Separator className="context-menu__separator" />
                {single ? (
                  <Item onSelect={() => requestRename(single)} testId="menu-rename">
                    Rename
                  </Item>
                ) : null}
                {files.length === items.length ? (
                  <Item onSelect={() => void copyItems(items)} testId="menu-copy">
                    Make a copy
                  </Item>
                ) : null}
                <ContextMenu.Sub>
                  <ContextMenu.SubTrigger className="context-menu__item" data-testid="menu-move">
                    Move to <span aria-hidden="true">›</span>
                  </ContextMenu.SubTrigger>
                  <ContextMenu.Portal>
                    <ContextMenu.SubContent className="context-menu" data-testid="menu-move-targets">
                      {targets.map((folder) => (
                        <Item
                          key={folder.id}
                          onSelect={() => void requestMove(items, folder)}
                          testId={`menu-move-${folder.id}`}
                        >
                          {folder.name}
                        </Item>
                      ))}
                      {targets.length > 0 ? <ContextMenu.Separator className="context-menu__separator" /> : null}
                      <Item
                        onSelect={() => useDialogStore.getState().open({ kind: 'move', items })}
                        testId="menu-move-choose"
                      >
                        Choose a folder…
                      </Item>
                    </ContextMenu.SubContent>
                  </ContextMenu.Portal>
                </ContextMenu.Sub>
                <Item onSelect={() => void starItems(items, !allStarred)} testId="menu-star">
                  {allStarred ? 'Remove star' : 'Star'}
                </Item>
                <Item onSelect={() => useFilesStore.getState().setDetailsOpen(true)} testId="menu-details">
                  Details
                </Item>
                <ContextMenu.Separator className="context-menu__separator" />
                <Item onSelect={() => void trashItems(items)} testId="menu-trash">
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
              <Item key={command.id} onSelect={command.run} testId={`menu-${command.id}`}>
                {command.title}
              </Item>
            ))}
          </ContextMenu.Content>
        )}
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
