import { useState } from 'react';
import { colorFolders, copyItems, downloadItems, requestDeleteForever, requestRename, restoreItems, shareItem, starItems, trashItems } from './commands';
import type { DriveItem } from './data/file-actions';
import { folderColors, isFolder } from './drive-file';

/** Actions on the selected items; what is offered depends on the place (the Trash restores and deletes). */
export function SelectionBar({ items, inTrash, onClear }: { items: DriveItem[]; inTrash: boolean; onClear: () => void }) {
  const [colors, setColors] = useState(false);
  if (items.length === 0) return null;
  const single = items.length === 1 ? items[0]! : null;
  const allStarred = items.every((item) => item.starred);
  const folders = items.filter(isFolder);
  const files = items.filter((item) => !isFolder(item));

  return (
    <div className="selection-bar" role="toolbar" aria-label="Selected items" data-testid="selection-bar">
      <span className="selection-bar__count" data-testid="selection-count">
        {items.length} selected
      </span>
      {inTrash ? (
        <>
          <button type="button" className="button" onClick={() => void restoreItems(items)} data-testid="action-restore">
            Restore
          </button>
          <button type="button" className="button" onClick={() => requestDeleteForever(items)} data-testid="action-delete-forever">
            Delete forever
          </button>
        </>
      ) : (
        <>
          {single ? (
            <button type="button" className="button" onClick={() => shareItem(single)} data-testid="action-share">
              Share
            </button>
          ) : null}
          {files.length > 0 ? (
            <button type="button" className="button" onClick={() => void downloadItems(files)} data-testid="action-download">
              Download
            </button>
          ) : null}
          {single ? (
            <button type="button" className="button" onClick={() => requestRename(single)} data-testid="action-rename">
              Rename
            </button>
          ) : null}
          {files.length === items.length ? (
            <button type="button" className="button" onClick={() => void copyItems(items)} data-testid="action-copy">
              Make a copy
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => void starItems(items, !allStarred)} data-testid="action-star" aria-pressed={allStarred}>
            {allStarred ? 'Remove star' : 'Star'}
          </button>
          {folders.length === items.length ? (
            <span className="color-picker">
              <button type="button" className="button" onClick={() => setColors(!colors)} aria-expanded={colors} data-testid="action-color">
                Folder color
              </button>
              {colors ? (
                <span className="color-picker__palette" role="group" aria-label="Folder colors">
                  {folderColors.map((color) => (
                    <button
                      key={color.rgb}
                      type="button"
                      className="color-picker__swatch"
                      style={{ background: color.rgb }}
                      aria-label={color.name}
                      title={color.name}
                      onClick={() => {
                        setColors(false);
                        void colorFolders(folders, color.rgb);
                      }}
                      data-testid={`color-${color.rgb.slice(1)}`}
                    />
                  ))}
                </span>
              ) : null}
            </span>
          ) : null}
          <button type="button" className="button" onClick={() => void trashItems(items)} data-testid="action-trash">
            Move to trash
          </button>
        </>
      )}
      <button type="button" className="button button--ghost" onClick={onClear} aria-label="Clear selection">
        ✕
      </button>
    </div>
  );
}
