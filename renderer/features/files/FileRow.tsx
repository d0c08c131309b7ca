import { memo, type DragEvent, type MouseEvent } from 'react';
import { WaitingDot } from '../../components/WaitingDot';
import type { DriveItem } from './drive-file';
import { endItemDrag, startItemDrag, useDropTarget } from './drag-drop';
import { isFolder, isSharedItem } from './drive-file';
import { FileIcon } from './FileIcon';
import { FolderPath } from './FolderPath';
import { fileKind, fileKindLabel, formatFileSize, formatModified, formatOwner } from './file-format';
import { ImagePreview } from './ImagePreview';
import { trashedTimeOf } from './trash-times';

export interface ItemViewProps {
  item: DriveItem;
  selected: boolean;
  focused: boolean;
  /** Offset of a list row in the virtual list (tiles are placed by their grid row). */
  top?: number;
  /** A list row's place in the listing, from 1 (its DOM order may differ while the list scrolls). */
  position?: number;
  /** Items dragged when this one is: the selection when it is part of it. */
  dragItems: (item: DriveItem) => DriveItem[];
  onClick: (item: DriveItem, event: MouseEvent) => void;
  onOpen: (item: DriveItem) => void;
  /** Trashed items neither move nor take drops. */
  inTrash: boolean;
}

export const rowDomId = (id: string) => `file-item-${id}`;

/**
 * Only the focused item carries its DOM id, which the list names as its active descendant:
 * changing ids is costly for the browser, and scrolled rows are reused for other items.
 */
const domIdIf = (focused: boolean, id: string) => (focused ? rowDomId(id) : undefined);

function ItemBadges({ item }: { item: DriveItem }) {
  return (
    <>
      <WaitingDot collection="files" id={item.id} className="file-badge--waiting" />
      {item.starred ? (
        <span className="file-badge file-badge--star" title="Starred" aria-label="Starred" data-testid="starred-badge">
          ★
        </span>
      ) : null}
      {isSharedItem(item) ? (
        <span className="file-badge" title="Shared" aria-label="Shared">
          <svg
            viewBox="0 0 24 24"
            width="14"
            height="14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="9" cy="8" r="3" />
            <path d="M3 19c0-3 3-5 6-5s6 2 6 5M16 11a3 3 0 1 0 0-6M21 19c0-2.5-2-4.3-4.5-4.8" />
          </svg>
        </span>
      ) : null}
    </>
  );
}

function useItemDrag(props: ItemViewProps) {
  const { item, inTrash } = props;
  const pending = item.id.startsWith('pending-');
  const drop = useDropTarget(
    isFolder(item) && !inTrash && !pending
      ? { id: item.id, name: item.name || 'Untitled folder', ...(item.driveId ? { driveId: item.driveId } : {}) }
      : null,
    {
      acceptUploads: true,
    },
  );
  return {
    pending,
    drop,
    dragProps: {
      draggable: !pending && !inTrash,
      onDragStart: (event: DragEvent) => startItemDrag(event, props.dragItems(item)),
      onDragEnd: endItemDrag,
    },
  };
}

/** One line of the list view. */
export const FileRow = memo(function FileRow(props: ItemViewProps) {
  const { item, selected, focused, top = 0, position, onClick, onOpen } = props;
  const { pending, drop, dragProps } = useItemDrag(props);
  const kind = fileKind(item.mimeType);
  const name = item.name || 'Untitled';
  const trashedAt = props.inTrash ? trashedTimeOf(item) : null;
  return (
    <div
      role="row"
      aria-rowindex={position}
      id={domIdIf(focused, item.id)}
      aria-selected={selected}
      className={`file-row${props.inTrash ? ' file-row--trash' : ''}${selected ? ' is-selected' : ''}${focused ? ' is-focused' : ''}${drop.active ? ' is-drop-target' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      data-testid="file-row"
      data-file-id={item.id}
      data-kind={kind}
      data-pending={pending ? 'true' : undefined}
      onClick={(event) => onClick(item, event)}
      onDoubleClick={() => !pending && onOpen(item)}
      {...dragProps}
      {...drop.handlers}
    >
      <div role="gridcell" className="file-row__name">
        <FileIcon kind={kind} color={item.folderColorRgb} />
        <span className="file-row__title" title={`${fileKindLabel(item.mimeType)}: ${name}`} data-testid="file-name">
          {name}
        </span>
        <ItemBadges item={item} />
      </div>
      {props.inTrash ? (
        <>
          <div role="gridcell" className="file-row__owner" data-testid="trash-location">
            {item.parents?.[0] ? <FolderPath folderId={item.parents[0]} /> : '—'}
          </div>
          <div
            role="gridcell"
            className="file-row__modified"
            title={trashedAt ? new Date(trashedAt).toLocaleString() : undefined}
            data-testid="trashed-time"
          >
            {formatModified(trashedAt)}
          </div>
        </>
      ) : (
        <>
          <div role="gridcell" className="file-row__owner">
            {formatOwner(item)}
          </div>
          <div role="gridcell" className="file-row__modified">
            {pending ? 'Saving…' : formatModified(item.modifiedTime)}
          </div>
        </>
      )}
      <div role="gridcell" className="file-row__size">
        {isFolder(item) ? '—' : formatFileSize(item.size)}
      </div>
    </div>
  );
});

/** One tile of the grid view: a preview where there is one, else the type's glyph. */
export const FileTile = memo(function FileTile(props: ItemViewProps) {
  const { item, selected, focused, onClick, onOpen } = props;
  const { pending, drop, dragProps } = useItemDrag(props);
  const kind = fileKind(item.mimeType);
  const name = item.name || 'Untitled';
  return (
    <div
      role="gridcell"
      id={domIdIf(focused, item.id)}
      aria-selected={selected}
      className={`file-tile${kind === 'folder' ? ' file-tile--folder' : ''}${selected ? ' is-selected' : ''}${focused ? ' is-focused' : ''}${drop.active ? ' is-drop-target' : ''}`}
      data-testid="file-row"
      data-file-id={item.id}
      data-kind={kind}
      data-pending={pending ? 'true' : undefined}
      onClick={(event) => onClick(item, event)}
      onDoubleClick={() => !pending && onOpen(item)}
      {...dragProps}
      {...drop.handlers}
    >
      {/* A folder is its name alone, as in Drive's grid; a file shows its preview above it. */}
      {kind === 'folder' ? null : (
        <div className="file-tile__preview">
          <ImagePreview item={item} fallback={<FileIcon kind={kind} color={item.folderColorRgb} size={48} />} />
        </div>
      )}
      <div className="file-tile__caption">
        <FileIcon kind={kind} color={item.folderColorRgb} />
        <span className="file-tile__name" title={name} data-testid="file-name">
          {name}
        </span>
        <ItemBadges item={item} />
      </div>
    </div>
  );
});
