import { memo, useEffect } from 'react';
import { useDropTarget } from './drag-drop';
import { useFilesStore } from './files-store';
import { FolderTree } from './FolderTree';
import { currentFolder, myDriveRoot, places, type FolderCrumb, type PlaceId } from './model/places';

const placeGlyphs: Record<Exclude<PlaceId, 'search'>, string> = {
  myDrive: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Z',
  sharedDrives: 'M4 6h16v5H4zM4 13h16v5H4zM7 8.5h.01M7 15.5h.01',
  sharedWithMe:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-6 8c0-3 3-5 6-5s6 2 6 5M16 11a3 3 0 1 0 0-6M21 19c0-2.5-2-4.3-4.5-4.8',
  starred: 'm12 4 2.5 5 5.5.8-4 3.9.9 5.5L12 16.6 7.1 19.2l.9-5.5-4-3.9 5.5-.8z',
  recent: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  trash: 'M5 7h14M10 11v6M14 11v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4h6v3',
};

function PlaceLink({ id, label }: { id: Exclude<PlaceId, 'search'>; label: string }) {
  const location = useFilesStore((state) => state.location);
  const goToPlace = useFilesStore((state) => state.goToPlace);
  const drop = useDropTarget(id === 'myDrive' ? myDriveRoot : null, { acceptUploads: true });
  const current = location.place === id;
  return (
    <li>
      <button
        type="button"
        className={`places__link${drop.active ? ' is-drop-target' : ''}`}
        aria-current={current ? 'page' : undefined}
        onClick={() => goToPlace(id)}
        data-testid={`place-${id}`}
        {...drop.handlers}
      >
        <svg
          className="places__icon"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d={placeGlyphs[id]} />
        </svg>
        {label}
      </button>
    </li>
  );
}

/**
 * The places (My Drive, Shared drives, ...) and My Drive's folder tree. A column in wide windows; at
 * 900 px and below a drawer over the listing, shown while `open` (files.css).
 */
export const PlacesPane = memo(function PlacesPane({ open, onClose }: { open: boolean; onClose: () => void }) {
  const location = useFilesStore((state) => state.location);
  const setLocation = useFilesStore((state) => state.setLocation);
  const current = currentFolder(location);
  const openFromTree = (path: FolderCrumb[]) =>
    setLocation({ place: 'myDrive', path: path.filter((crumb) => crumb.id !== 'root') });

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      onClose();
      document.querySelector<HTMLElement>('[data-testid="places-toggle"]')?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <>
      {open ? <div className="places-backdrop" aria-hidden="true" onClick={onClose} /> : null}
      <nav
        id="files-places"
        className={`places${open ? ' is-open' : ''}`}
        aria-label="Drive places"
        data-testid="files-places"
      >
        <ul className="places__list">
          {places.map((place) => (
            <PlaceLink key={place.id} id={place.id} label={place.label} />
          ))}
        </ul>
        <div className="places__tree">
          <FolderTree
            currentId={location.place === 'myDrive' ? (current?.id ?? null) : null}
            openIds={location.place === 'myDrive' ? location.path.slice(0, -1).map((crumb) => crumb.id) : []}
            onOpen={openFromTree}
          />
        </div>
      </nav>
    </>
  );
});
