import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { openItem, requestDeleteForever, requestRename, trashItems } from './commands';
import type { DriveItem } from './drive-file';
import { isFolder } from './drive-file';
import { backgroundCommands, FileContextMenu } from './FileContextMenu';
import { FileRow, FileTile, rowDomId } from './FileRow';
import type { ViewMode } from './files-store';
import { foldersFirst, gridRows, rowOfItem, verticalNeighbour, type GridRow } from './grid-layout';
import type { SortKey, SortOrder } from './model/places';
import { clickItem, moveFocus, selectAll, toggleFocused, type Selection } from './model/selection';
import { useRecycledRows } from './row-slots';

const rowHeight = 40;
const tileWidth = 184;
const tileHeight = 196;
/** A row of folder tiles, which show no preview (as Drive's), and a "Folders" or "Files" heading. */
const folderRowHeight = 60;
const headingHeight = 44;

function gridRowHeight(row: GridRow | undefined): number {
  if (!row) return tileHeight;
  if (row.kind === 'heading') return headingHeight;
  return row.folders ? folderRowHeight : tileHeight;
}
/** Items from the end of what is loaded at which the next page is asked for: about a page ahead. */
const loadAheadItems = 200;

// Ids and an id index of a listing, built when something needs them (a click, a key, a drag), not
// each time a page arrives; cached per listing array, which a new page replaces.
const idLists = new WeakMap<readonly DriveItem[], string[]>();
const idIndexes = new WeakMap<readonly DriveItem[], Map<string, DriveItem>>();

function idsOf(files: readonly DriveItem[]): string[] {
  let ids = idLists.get(files);
  if (!ids) {
    ids = files.map((file) => file.id);
    idLists.set(files, ids);
  }
  return ids;
}

function idIndexOf(files: readonly DriveItem[]): Map<string, DriveItem> {
  let index = idIndexes.get(files);
  if (!index) {
    index = new Map(files.map((file) => [file.id, file]));
    idIndexes.set(files, index);
  }
  return index;
}

function itemsOf(files: readonly DriveItem[], ids: Iterable<string>): DriveItem[] {
  const index = idIndexOf(files);
  return [...ids].map((id) => index.get(id)).filter((entry): entry is DriveItem => entry !== undefined);
}

interface FileCollectionProps {
  files: readonly DriveItem[];
  mode: ViewMode;
  label: string;
  selection: Selection;
  onSelection: (selection: Selection) => void;
  sort: SortOrder | null;
  onSort: (sort: SortOrder) => void;
  inTrash: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

const sortColumns: { key: SortKey | null; label: string; className: string }[] = [
  { key: 'name', label: 'Name', className: 'file-row__name' },
  { key: null, label: 'Owner', className: 'file-row__owner' },
  { key: 'modifiedTime', label: 'Modified', className: 'file-row__modified' },
  { key: 'quotaBytesUsed', label: 'Size', className: 'file-row__size' },
];

// The Trash tells where each item came from and when it went; Drive cannot sort by either.
const trashColumns: { key: SortKey | null; label: string; className: string }[] = [
  { key: 'name', label: 'Name', className: 'file-row__name' },
  { key: null, label: 'Original location', className: 'file-row__owner' },
  { key: null, label: 'Trashed', className: 'file-row__modified' },
  { key: 'quotaBytesUsed', label: 'Size', className: 'file-row__size' },
];

function SortHeader({
  sort,
  onSort,
  inTrash,
  id,
}: {
  sort: SortOrder | null;
  onSort: (sort: SortOrder) => void;
  inTrash: boolean;
  id: string;
}) {
  return (
    <div id={id} role="row" className={`file-row file-row--header${inTrash ? ' file-row--trash' : ''}`}>
      {(inTrash ? trashColumns : sortColumns).map((column) => {
        const active = sort !== null && column.key === sort.key;
        const ariaSort = active
          ? sort.descending
            ? 'descending'
            : 'ascending'
          : column.key && sort
            ? 'none'
            : undefined;
        return (
          <div key={column.label} role="columnheader" className={column.className} aria-sort={ariaSort}>
            {column.key && sort ? (
              <button
                type="button"
                className="sort-button"
                data-testid={`sort-${column.key}`}
                onClick={() =>
                  onSort({ key: column.key!, descending: active ? !sort.descending : column.key !== 'name' })
                }
              >
                {column.label}
                <span className="sort-button__arrow" aria-hidden="true">
                  {active ? (sort.descending ? '↓' : '↑') : ''}
                </span>
              </button>
            ) : (
              column.label
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * Until when (performance.now()) a listing that appears takes the keyboard focus: a folder opened from
 * the keyboard replaces the listing that had it, and the person goes on with the arrow keys.
 */
let focusListingUntil = 0;

/**
 * The files of a listing, virtualised (only what is on screen is in the DOM, so 10,000 files scroll
 * smoothly), as a list or a grid. Click, Shift/Ctrl+click and the keyboard select; the next page
 * is read as the end comes near.
 */
export function FileCollection(props: FileCollectionProps) {
  const { mode, selection, onSelection, inTrash, hasMore, loadingMore, loadMore } = props;
  // The grid shows folders first, as Drive does; the keys and Shift+click follow the order shown.
  const files = useMemo(() => (mode === 'grid' ? foldersFirst(props.files) : props.files), [mode, props.files]);
  const scroller = useRef<HTMLDivElement>(null);
  const headerId = useId();
  const canvasId = useId();
  const [width, setWidth] = useState(0);
  const columns = mode === 'grid' ? Math.max(1, Math.floor((width || tileWidth) / tileWidth)) : 1;
  const rows = useMemo(() => (mode === 'grid' ? gridRows(files, columns) : null), [mode, files, columns]);
  const rowCount = rows ? rows.length : files.length;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    // Rows have a fixed height (the CSS sets it), so nothing is measured while scrolling.
    estimateSize: (index) => (rows ? gridRowHeight(rows[index]) : rowHeight),
    overscan: mode === 'grid' ? 2 : 3,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastVisible = virtualRows[virtualRows.length - 1]?.index ?? 0;
  // How many items are drawn down to the last row on screen.
  const itemsThroughLastVisible = useMemo(() => {
    if (!rows) return lastVisible + 1;
    for (let index = Math.min(lastVisible, rows.length - 1); index >= 0; index -= 1) {
      const row = rows[index];
      if (row?.kind === 'items') return row.to;
    }
    return 0;
  }, [rows, lastVisible]);
  const recycled = useRecycledRows(virtualRows, scroller);

  useEffect(() => {
    if (hasMore && !loadingMore && itemsThroughLastVisible >= files.length - loadAheadItems) loadMore();
  }, [hasMore, loadingMore, itemsThroughLastVisible, files.length, loadMore]);

  useEffect(() => virtualizer.measure(), [mode, rows, virtualizer]);

  useEffect(() => {
    if (performance.now() > focusListingUntil) return;
    focusListingUntil = 0;
    const focused = document.activeElement;
    if (!focused || focused === document.body) scroller.current?.focus({ preventScroll: true });
  }, []);

  // The rows' callbacks read the latest listing and selection through refs, so they stay the same
  // functions across pages and selection changes and memoised rows are not rendered again for them.
  const filesRef = useRef(files);
  filesRef.current = files;
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const dragItems = useCallback(
    (item: DriveItem): DriveItem[] => {
      const current = selectionRef.current;
      if (!current.selected.has(item.id)) {
        onSelection({ selected: new Set([item.id]), anchor: item.id, focus: item.id });
        return [item];
      }
      return itemsOf(filesRef.current, current.selected);
    },
    [onSelection],
  );

  const onClick = useCallback(
    (item: DriveItem, event: MouseEvent) => {
      onSelection(
        clickItem(selectionRef.current, idsOf(filesRef.current), item.id, {
          shift: event.shiftKey,
          toggle: event.ctrlKey || event.metaKey,
        }),
      );
      scroller.current?.focus({ preventScroll: true });
    },
    [onSelection],
  );

  const focusIndex = useMemo(
    () => (selection.focus === null ? -1 : idsOf(files).indexOf(selection.focus)),
    [files, selection.focus],
  );
  useEffect(() => {
    if (focusIndex < 0) return;
    const row = rows ? rowOfItem(rows, focusIndex) : focusIndex;
    if (row >= 0) virtualizer.scrollToIndex(row, { align: 'auto' });
  }, [focusIndex, rows, virtualizer]);

  const selectedItems = () => itemsOf(files, selection.selected);

  // The menu acts on the item right-clicked, or on the selection when that item is part of it.
  const [menuItems, setMenuItems] = useState<DriveItem[]>([]);
  const onContextMenu = (event: MouseEvent) => {
    const element = (event.target as HTMLElement).closest<HTMLElement>('[data-file-id]');
    const id = element?.dataset.fileId;
    const item = id ? idIndexOf(files).get(id) : undefined;
    if (!item || item.id.startsWith('pending-')) {
      setMenuItems([]);
      // Off the items, the menu offers what can be made here (New folder, Upload), if anything.
      if (item || inTrash || backgroundCommands().length === 0) event.preventDefault();
      return;
    }
    if (selection.selected.has(item.id)) {
      setMenuItems(selectedItems());
    } else {
      onSelection({ selected: new Set([item.id]), anchor: item.id, focus: item.id });
      setMenuItems([item]);
    }
  };
  // Shift+F10 and the context-menu key open the same menu at the focused item.
  const openMenuAtFocus = () => {
    const row = selection.focus ? document.getElementById(rowDomId(selection.focus)) : null;
    if (!row) return;
    const box = row.getBoundingClientRect();
    row.dispatchEvent(
      new window.MouseEvent('contextmenu', {
        bubbles: true,
        cancelable: true,
        clientX: box.left + Math.min(48, box.width / 2),
        clientY: box.top + box.height / 2,
      }),
    );
  };
  const moveTargets = files
    .filter((file) => isFolder(file) && !file.trashed)
    .map((file) => ({
      id: file.id,
      name: file.name || 'Untitled folder',
      ...(file.driveId ? { driveId: file.driveId } : {}),
    }));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const ids = idsOf(files);
    const modifiers = { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey };
    const pageRows = Math.max(
      1,
      Math.floor((scroller.current?.clientHeight ?? 400) / (mode === 'grid' ? tileHeight : rowHeight)) - 1,
    );
    const moveBy = (move: number | 'first' | 'last') => {
      event.preventDefault();
      onSelection(moveFocus(selection, ids, move, modifiers));
    };
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      openMenuAtFocus();
      return;
    }
    // In the grid, up and down keep the column, across the headings between folders and files.
    const vertical = (direction: 1 | -1) =>
      rows && focusIndex >= 0 ? moveBy(verticalNeighbour(rows, focusIndex, direction) - focusIndex) : moveBy(direction);
    switch (event.key) {
      case 'ArrowDown':
        return vertical(1);
      case 'ArrowUp':
        return vertical(-1);
      case 'ArrowRight':
        return mode === 'grid' ? moveBy(1) : undefined;
      case 'ArrowLeft':
        return mode === 'grid' ? moveBy(-1) : undefined;
      case 'PageDown':
        return moveBy(pageRows * columns);
      case 'PageUp':
        return moveBy(-pageRows * columns);
      case 'Home':
        return moveBy('first');
      case 'End':
        return moveBy('last');
      case ' ':
        event.preventDefault();
        if (selection.focus === null) return moveBy('first');
        onSelection(
          modifiers.toggle
            ? toggleFocused(selection)
            : clickItem(selection, ids, selection.focus, { shift: modifiers.shift }),
        );
        return;
      case 'Enter': {
        const focused = selection.focus ? idIndexOf(files).get(selection.focus) : undefined;
        if (focused) {
          event.preventDefault();
          if (isFolder(focused) && !focused.trashed) focusListingUntil = performance.now() + 3000;
          openItem(focused);
        }
        return;
      }
      case 'Delete':
      case 'Backspace': {
        const items = selectedItems();
        if (items.length === 0) return;
        event.preventDefault();
        if (inTrash) requestDeleteForever(items);
        else void trashItems(items);
        return;
      }
      case 'F2': {
        const items = selectedItems();
        if (items.length === 1 && !inTrash) {
          event.preventDefault();
          requestRename(items[0]!);
        }
        return;
      }
      case 'Escape':
        if (selection.selected.size > 0) {
          event.preventDefault();
          onSelection({ selected: new Set(), anchor: null, focus: selection.focus });
        }
        return;
      default:
        if ((event.key === 'a' || event.key === 'A') && modifiers.toggle) {
          event.preventDefault();
          onSelection(selectAll(ids, selection));
        }
    }
  };

  const ItemView = mode === 'grid' ? FileTile : FileRow;
  const totalSize = virtualizer.getTotalSize();

  return (
    <div className={`file-collection file-collection--${mode}`}>
      {mode === 'list' ? (
        <div role="presentation" className="file-collection__header">
          <SortHeader id={headerId} sort={props.sort} onSort={props.onSort} inTrash={inTrash} />
        </div>
      ) : null}
      <FileContextMenu
        items={menuItems}
        inTrash={inTrash}
        folders={moveTargets}
        onOpenChange={(open) => {
          if (!open) scroller.current?.focus();
        }}
      >
        <div
          ref={scroller}
          onContextMenu={onContextMenu}
          className="file-collection__scroller"
          role="grid"
          aria-label={props.label}
          aria-multiselectable="true"
          // The sort header sits above the scrolling rows but is the grid's first row.
          aria-owns={mode === 'list' ? `${headerId} ${canvasId}` : undefined}
          aria-rowcount={hasMore ? -1 : rowCount}
          aria-activedescendant={focusIndex >= 0 && selection.focus ? rowDomId(selection.focus) : undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          data-testid="file-list"
          data-count={files.length}
        >
          <div
            id={canvasId}
            className="file-collection__canvas"
            style={{ height: totalSize + (hasMore ? rowHeight : 0) }}
          >
            {recycled.map(({ row, slot }) => {
              if (mode === 'list') {
                const item = files[row.index];
                if (!item) return null;
                return (
                  <ItemView
                    key={slot}
                    item={item}
                    position={row.index + 1}
                    selected={selection.selected.has(item.id)}
                    focused={selection.focus === item.id}
                    top={row.start}
                    dragItems={dragItems}
                    onClick={onClick}
                    onOpen={openItem}
                    inTrash={inTrash}
                  />
                );
              }
              const gridRow = rows?.[row.index];
              if (!gridRow) return null;
              if (gridRow.kind === 'heading') {
                return (
                  <div
                    key={slot}
                    role="row"
                    aria-rowindex={row.index + 1}
                    className="file-grid-heading"
                    style={{ transform: `translateY(${row.start}px)`, height: headingHeight }}
                    data-testid="file-grid-heading"
                  >
                    <div role="rowheader" className="file-grid-heading__label">
                      {gridRow.label}
                    </div>
                  </div>
                );
              }
              return (
                <div
                  key={slot}
                  role="row"
                  aria-rowindex={row.index + 1}
                  className={`file-grid-row${gridRow.folders ? ' file-grid-row--folders' : ''}`}
                  style={{ transform: `translateY(${row.start}px)`, height: gridRowHeight(gridRow) }}
                >
                  {files.slice(gridRow.from, gridRow.to).map((item, column) => (
                    <ItemView
                      key={column}
                      item={item}
                      selected={selection.selected.has(item.id)}
                      focused={selection.focus === item.id}
                      dragItems={dragItems}
                      onClick={onClick}
                      onOpen={openItem}
                      inTrash={inTrash}
                    />
                  ))}
                </div>
              );
            })}
            {hasMore ? (
              <div
                className="file-collection__more"
                style={{ transform: `translateY(${totalSize}px)` }}
                role="status"
                data-testid="files-loading-more"
              >
                {loadingMore ? 'Loading more…' : ''}
              </div>
            ) : null}
          </div>
        </div>
      </FileContextMenu>
    </div>
  );
}
