import { useEffect, useState } from 'react';
import { useApiQuery } from '../../lib/api';
import { useDropTarget } from './drag-drop';
import { folderMimeType, hasId, quoteQueryValue, sortForDisplay } from './drive-file';
import { FileIcon } from './FileIcon';
import type { FolderCrumb } from './model/places';

/** DriveFilesList parameters for the sub-folders of a folder (the tree reads only folders). */
export function subfolderParams(folderId: string) {
  return {
    q: `${quoteQueryValue(folderId)} in parents and mimeType = ${quoteQueryValue(folderMimeType)} and trashed = false`,
    orderBy: 'name',
    fields: 'nextPageToken,files(id,name,folderColorRgb,driveId)',
    pageSize: 1000,
    supportsAllDrives: true,
    includeItemsFromAllDrives: true,
  } as const;
}

interface TreeNodeProps {
  folder: FolderCrumb & { color?: string | null };
  depth: number;
  currentId: string | null;
  /** The folders above the current one: they open, so the tree shows where the list is. */
  openIds: readonly string[];
  onOpen: (path: FolderCrumb[]) => void;
  /** Folders from the tree's root to this node's parent. */
  ancestors: FolderCrumb[];
  initiallyOpen?: boolean;
}

function TreeNode({ folder, depth, currentId, openIds, onOpen, ancestors, initiallyOpen = false }: TreeNodeProps) {
  const [expanded, setExpanded] = useState(initiallyOpen);
  const onPath = openIds.includes(folder.id);
  useEffect(() => {
    if (onPath) setExpanded(true);
  }, [onPath]);
  const children = useApiQuery('DriveFilesList', subfolderParams(folder.id), {
    allPagesOf: 'files',
    enabled: expanded,
  });
  const drop = useDropTarget(folder, { acceptUploads: true });
  const path = [...ancestors, folder];
  const subfolders = sortForDisplay((children.data?.files ?? []).filter(hasId));
  const current = folder.id === currentId;

  return (
    <li
      role="treeitem"
      aria-expanded={expanded}
      aria-selected={current}
      aria-level={depth + 1}
      className="folder-tree__item"
    >
      <div
        className={`folder-tree__row${current ? ' is-current' : ''}${drop.active ? ' is-drop-target' : ''}`}
        style={{ paddingLeft: 4 + depth * 14 }}
        data-testid={`tree-${folder.id}`}
        {...drop.handlers}
      >
        <button
          type="button"
          className="folder-tree__toggle"
          onClick={() => setExpanded(!expanded)}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${folder.name}`}
          tabIndex={-1}
        >
          {expanded ? '▾' : '▸'}
        </button>
        <button type="button" className="folder-tree__label" onClick={() => onOpen(path)} title={folder.name}>
          <FileIcon kind="folder" color={folder.color} />
          <span>{folder.name}</span>
        </button>
      </div>
      {expanded && subfolders.length > 0 ? (
        <ul role="group" className="folder-tree__group">
          {subfolders.map((child) => (
            <TreeNode
              key={child.id}
              folder={{
                id: child.id!,
                name: child.name || 'Untitled folder',
                color: child.folderColorRgb,
                ...(folder.driveId ? { driveId: folder.driveId } : {}),
              }}
              depth={depth + 1}
              currentId={currentId}
              openIds={openIds}
              onOpen={onOpen}
              ancestors={path}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * My Drive's folders, expanded on demand and down to the folder shown; each is a drop target for
 * moves and uploads.
 */
export function FolderTree({
  currentId,
  openIds = [],
  onOpen,
}: {
  currentId: string | null;
  openIds?: readonly string[];
  onOpen: (path: FolderCrumb[]) => void;
}) {
  return (
    <ul role="tree" aria-label="Folders" className="folder-tree" data-testid="folder-tree">
      <TreeNode
        folder={{ id: 'root', name: 'My Drive' }}
        depth={0}
        currentId={currentId}
        openIds={openIds}
        onOpen={onOpen}
        ancestors={[]}
        initiallyOpen
      />
    </ul>
  );
}
