import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useApiQuery } from '../../lib/api';
import { returnFocus } from '../../lib/return-focus';
import { requestMove } from './commands';
import { useMyDriveRoot } from './data/my-drive-root';
import type { DriveItem } from './drive-file';
import { driveListParams } from './drives/drive-actions';
import { FileIcon } from './FileIcon';
import { subfolderParams } from './FolderTree';
import { describeCount } from './mutations';
import { myDriveRoot, type FolderCrumb } from './model/places';

/**
 * "Move to…", as Drive's move dialog: walk the folders from where the items are (or from My Drive and
 * the shared drives, one level up from a drive's top), and move them into the folder shown. The
 * items themselves are not offered as places to go, nor is the folder they are already all in.
 */
export function MoveDialog({
  items,
  start,
  onClose,
}: {
  items: readonly DriveItem[] | null;
  /** The folders from the top to where the dialog opens; empty opens at My Drive and the shared drives. */
  start: readonly FolderCrumb[];
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={items !== null} onOpenChange={(open) => !open && onClose()}>
      {items ? (
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <MoveContent items={items} start={start} onClose={onClose} />
        </Dialog.Portal>
      ) : null}
    </Dialog.Root>
  );
}

function MoveContent({
  items,
  start,
  onClose,
}: {
  items: readonly DriveItem[];
  start: readonly FolderCrumb[];
  onClose: () => void;
}) {
  const [path, setPath] = useState<readonly FolderCrumb[]>(start);
  const here = path[path.length - 1] ?? null;
  const moving = new Set(items.map((item) => item.id));
  // My Drive's own id, to tell whether the items already sit in it ("root" only names it).
  const root = useMyDriveRoot();
  // The folder tree's query for a folder's sub-folders (a shared drive's, read in that drive).
  const folders = useApiQuery(
    'DriveFilesList',
    {
      ...subfolderParams(here?.id ?? 'root'),
      ...(here?.driveId ? { corpora: 'drive' as const, driveId: here.driveId } : {}),
    },
    { enabled: here !== null, allPagesOf: 'files' },
  );
  const drives = useApiQuery('DriveDrivesList', driveListParams, { enabled: here === null, allPagesOf: 'drives' });

  const hereId = here?.id === 'root' ? root.data?.id : here?.id;
  const alreadyHere = hereId !== undefined && items.every((item) => item.parents?.includes(hereId));
  const places: FolderCrumb[] =
    here === null
      ? [
          myDriveRoot,
          ...(drives.data?.drives ?? []).flatMap((drive) =>
            drive.id && !drive.hidden
              ? [{ id: drive.id, name: drive.name || 'Untitled drive', driveId: drive.id }]
              : [],
          ),
        ]
      : (folders.data?.files ?? []).flatMap((folder) =>
          folder.id && !moving.has(folder.id)
            ? [
                {
                  id: folder.id,
                  name: folder.name || 'Untitled folder',
                  ...(folder.driveId ? { driveId: folder.driveId } : {}),
                },
              ]
            : [],
        );
  const loading = here === null ? drives.isPending : folders.isPending;
  const failed = here === null ? drives.error : folders.error;

  return (
    <Dialog.Content className="dialog move-dialog" data-testid="move-dialog" {...returnFocus}>
      <Dialog.Title className="dialog__title">Move {describeCount(items)}</Dialog.Title>
      <Dialog.Description className="dialog__description">
        {here ? (
          <>
            To <strong data-testid="move-dialog-here">{here.name}</strong>
          </>
        ) : (
          'Choose where to move it'
        )}
      </Dialog.Description>
      <div className="move-dialog__bar">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={here === null}
          onClick={() => setPath(path.slice(0, -1))}
          data-testid="move-dialog-up"
        >
          <span aria-hidden="true">‹ </span>
          {path.length > 1 ? path[path.length - 2]!.name : 'All locations'}
        </button>
      </div>
      <ul className="move-dialog__list" aria-label={here ? `Folders in ${here.name}` : 'Locations'}>
        {loading ? (
          <li className="move-dialog__note" role="status">
            Loading folders…
          </li>
        ) : failed ? (
          <li className="move-dialog__note" role="alert">
            {failed.message}
          </li>
        ) : places.length === 0 ? (
          <li className="move-dialog__note">No folders here</li>
        ) : (
          places.map((place) => (
            <li key={place.id}>
              <button
                type="button"
                className="move-dialog__place"
                onClick={() => setPath([...path, place])}
                data-testid="move-dialog-place"
              >
                <FileIcon kind="folder" />
                <span className="move-dialog__name">{place.name}</span>
                <span aria-hidden="true" className="move-dialog__open">
                  ›
                </span>
              </button>
            </li>
          ))
        )}
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} data-testid="move-dialog-cancel">
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={here === null || alreadyHere || (here.id === 'root' && root.isPending)}
          onClick={() => {
            if (!here) return;
            onClose();
            void requestMove(items, here);
          }}
          data-testid="move-dialog-submit"
        >
          {alreadyHere ? 'Already here' : 'Move here'}
        </button>
      </div>
    </Dialog.Content>
  );
}
