import { FileUp, FolderPlus, FolderUp, Info, LayoutGrid, List, Upload, type LucideIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../components/StatusPanel';
import { ShortcutSheet } from '../../components/ShortcutSheet';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import { Tip, TipProvider } from '../../components/Tip';
import { useApiQuery } from '../../lib/api';
import { useNarrowerThan } from '../../lib/media';
import { ShareDialog } from '../sharing';
import { useCommands } from '../../lib/commands';
import { requestEmptyTrash, requestRename, shareItem, starItems } from './commands';
import type { DriveItem } from './drive-file';
import { useFileListing } from './queries';
import { DetailsPanel } from './details/DetailsPanel';
import { useDialogStore } from './dialog-store';
import { useDropTarget } from './drag-drop';
import { createSharedDrive } from './drives/drive-actions';
import { SharedDrivesList } from './drives/SharedDrivesList';
import { FileCollection } from './FileCollection';
import { FilesDialogs } from './FilesDialogs';
import { MenuButton } from './MenuButton';
import { useFilesStore } from './files-store';
import { Breadcrumbs } from './Breadcrumbs';
import { currentFolder, listingFor, placeLabel, type PlaceId } from './model/places';
import { buildSearchQuery } from './model/search-query';
import { isEmptySelection, keepListed } from './model/selection';
import { PlacesPane } from './PlacesPane';
import { SearchBar } from './SearchBar';
import { SelectionBar } from './SelectionBar';
import { fileShortcutSheet, useFileShortcuts } from './file-shortcuts';
import { entriesFromPicker } from './uploads/dropped-entries';
import { UploadPanel } from './uploads/UploadPanel';
import { uploadAskingOnConflict } from './uploads/upload-conflicts';
import './files.css';

const emptyMessages: Record<PlaceId, { title: string; message: string }> = {
  myDrive: {
    title: 'This folder is empty',
    message: 'Drop files here, or create a folder or upload files to get started.',
  },
  sharedDrives: {
    title: 'This shared drive is empty',
    message: 'Drop files here, or create a folder or upload files.',
  },
  sharedWithMe: {
    title: 'Nothing is shared with you yet',
    message: 'Files and folders others share with you appear here.',
  },
  starred: { title: 'Nothing is starred', message: 'Star files and folders to find them here quickly.' },
  recent: { title: 'No recent files', message: 'Files you open or change appear here.' },
  trash: {
    title: 'The trash is empty',
    message: 'Items you move to the trash stay here until you delete them forever.',
  },
  search: { title: 'No results', message: 'Try other words or fewer filters.' },
};

const noItems: DriveItem[] = [];

const layouts: { mode: 'list' | 'grid'; label: string; icon: LucideIcon }[] = [
  { mode: 'list', label: 'List', icon: List },
  { mode: 'grid', label: 'Grid', icon: LayoutGrid },
];

function ViewToggle() {
  const viewMode = useFilesStore((state) => state.viewMode);
  const setViewMode = useFilesStore((state) => state.setViewMode);
  return (
    <div className="segmented" role="group" aria-label="Layout">
      {layouts.map(({ mode, label, icon: Icon }) => (
        <Tip key={mode} text={`${label} layout (v)`}>
          <button
            type="button"
            className="segmented__option segmented__option--icon"
            aria-label={label}
            aria-pressed={viewMode === mode}
            onClick={() => setViewMode(mode)}
            data-testid={`view-${mode}`}
          >
            <Icon size={18} strokeWidth={1.8} aria-hidden="true" />
          </button>
        </Tip>
      ))}
    </div>
  );
}

/** Below this width the toolbar's buttons show their icons alone (beside the details sheet, say). */
const toolbarCompactBelow = 560;

function NewFolderButton({ compact, onClick }: { compact: boolean; onClick: () => void }) {
  const button = (
    <button
      type="button"
      className={compact ? 'button button--icon' : 'button'}
      aria-label={compact ? 'New folder' : undefined}
      onClick={onClick}
      data-testid="new-folder"
    >
      <FolderPlus size={16} strokeWidth={1.8} aria-hidden="true" />
      {compact ? null : 'New folder'}
    </button>
  );
  return compact ? <Tip text="New folder">{button}</Tip> : button;
}

/** Drive: places, folders, search, uploads, actions on files, details and sharing. */
export function FilesView() {
  const location = useFilesStore((state) => state.location);
  const viewMode = useFilesStore((state) => state.viewMode);
  const sort = useFilesStore((state) => state.sort);
  const search = useFilesStore((state) => state.search);
  const selection = useFilesStore((state) => state.selection);
  const detailsOpen = useFilesStore((state) => state.detailsOpen);
  const sharing = useFilesStore((state) => state.sharing);
  const { setSelection, setSort, setDetailsOpen, setViewMode, share, goToPlace, setLocation } =
    useFilesStore.getState();
  const openDialog = useDialogStore((state) => state.open);
  const [creatingDrive, setCreatingDrive] = useState(false);
  // In narrow windows the places are a drawer over the listing, opened from the toolbar.
  const [placesOpen, setPlacesOpen] = useState(false);
  useEffect(() => setPlacesOpen(false), [location]);
  const fileInput = useRef<HTMLInputElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const compact = useNarrowerThan(toolbar, toolbarCompactBelow);
  const folderInput = useRef<HTMLInputElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  const about = useApiQuery('DriveAboutGet', { fields: 'user(emailAddress,displayName,permissionId)' });
  const myEmail = about.data?.user?.emailAddress ?? '';
  const searchQuery = useMemo(() => buildSearchQuery(search, { myEmail }), [search, myEmail]);
  const listing = listingFor(location, sort, searchQuery);
  const contents = useFileListing(
    listing.kind === 'files' && (location.place !== 'search' || myEmail) ? listing.params : null,
  );
  const folder = currentFolder(location);
  const inTrash = location.place === 'trash' && location.path.length === 0;
  const files = contents.files;

  // Items that left the listing leave the selection, once the whole listing is known (a file being
  // revealed may be on a page not read yet).
  // The focus of an item that left goes to the one now in its place (the ids of the last whole listing say which).
  const listingComplete = contents.isSuccess && !contents.hasNextPage;
  const listingKey = JSON.stringify(listing);
  const lastListed = useRef<{ key: string; ids: readonly string[] }>({ key: '', ids: [] });
  useEffect(() => {
    if (!listingComplete) return;
    const ids = files.map((file) => file.id);
    // Only the same listing's order says what took an item's place (not the folder left behind).
    const previous = lastListed.current.key === listingKey ? lastListed.current.ids : undefined;
    lastListed.current = { key: listingKey, ids };
    if (isEmptySelection(selection)) return;
    const next = keepListed(selection, ids, previous);
    if (next !== selection) setSelection(next);
  }, [listingComplete, files, listingKey, selection, setSelection]);

  // Nothing selected is the common case while a long folder is read: no pass over its files then.
  const selectedItems = useMemo(
    () => (selection.selected.size === 0 ? noItems : files.filter((file) => selection.selected.has(file.id))),
    [files, selection.selected],
  );
  const drop = useDropTarget(folder, { acceptUploads: true, acceptMoves: false });

  // While Files is shown, the palette offers what its toolbar and selection bar do.
  const shareable = selectedItems.length === 1 ? selectedItems[0]! : null;
  useCommands([
    ...(folder
      ? [
          {
            id: 'files.upload',
            title: 'Upload files…',
            group: 'Actions' as const,
            keywords: ['files', 'add', 'import'],
            hint: `To ${folder.name}`,
            run: () => fileInput.current?.click(),
          },
          {
            id: 'files.uploadFolder',
            title: 'Upload a folder…',
            group: 'Actions' as const,
            keywords: ['files', 'directory'],
            hint: `To ${folder.name}`,
            run: () => folderInput.current?.click(),
          },
          {
            id: 'files.newFolder',
            title: 'New folder',
            group: 'Create' as const,
            keywords: ['files', 'directory'],
            run: () => openDialog({ kind: 'newFolder' }),
          },
        ]
      : []),
    ...(shareable && !inTrash
      ? [
          {
            id: 'files.shareSelection',
            title: `Share “${shareable.name || 'Untitled'}”…`,
            group: 'Actions' as const,
            keywords: ['share', 'selection', 'people', 'link', 'permissions'],
            shortcut: '.',
            run: () => shareItem(shareable),
          },
        ]
      : []),
  ]);

  // Google Drive's single keys; what needs a selection does nothing without one (or in the Trash).
  const inFiles = listing.kind === 'files';
  const editable = inTrash ? noItems : selectedItems;
  useFileShortcuts({
    share: () => (shareable && !inTrash ? shareItem(shareable) : undefined),
    rename: () => (shareable && !inTrash ? requestRename(shareable) : undefined),
    star: () => {
      if (editable.length > 0) void starItems(editable, !editable.every((item) => item.starred));
    },
    move: () => (editable.length > 0 ? openDialog({ kind: 'move', items: editable }) : undefined),
    search: () => searchInput.current?.focus(),
    toggleLayout: () => (inFiles ? setViewMode(viewMode === 'list' ? 'grid' : 'list') : undefined),
    toggleDetails: () => (inFiles ? setDetailsOpen(!detailsOpen) : undefined),
    help: () => setShortcutsOpen(true),
  });

  const onPicked = (event: ChangeEvent<HTMLInputElement>, folders: boolean) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!folder || picked.length === 0) return;
    void uploadAskingOnConflict(
      folder,
      folders
        ? entriesFromPicker(picked)
        : { files: picked.map((file) => ({ file, relativePath: file.name })), folders: [] },
    );
  };

  const title = folder?.name ?? placeLabel(location.place);
  let content;
  if (listing.kind === 'drives') {
    content = <SharedDrivesList />;
  } else if (contents.isPending) {
    content = <LoadingPanel label={`Loading ${title}…`} testId="files-loading" />;
  } else if (contents.isError) {
    content = (
      <ErrorPanel
        title={`Couldn’t open ${title}`}
        error={contents.error}
        onRetry={() => void contents.refetch()}
        testId="files-error"
      />
    );
  } else if (files.length === 0) {
    const empty = emptyMessages[folder && location.place !== 'sharedDrives' ? 'myDrive' : location.place];
    content = <EmptyPanel title={empty.title} message={empty.message} testId="files-empty" />;
  } else {
    content = (
      <FileCollection
        files={files}
        mode={viewMode}
        label={`Contents of ${title}`}
        selection={selection}
        onSelection={setSelection}
        // Recent is by recency and a search of files' text by relevance: no column sorts them.
        sort={
          listing.kind === 'files' && (listing.params.orderBy === undefined || (location.place === 'recent' && !folder))
            ? null
            : sort
        }
        onSort={setSort}
        inTrash={inTrash}
        hasMore={Boolean(contents.hasNextPage)}
        loadingMore={contents.isFetchingNextPage}
        loadMore={contents.loadMore}
      />
    );
  }

  return (
    <TipProvider>
      <section
        className={`files-view${detailsOpen && listing.kind === 'files' ? ' files-view--details' : ''}`}
        aria-label="Files"
        data-testid="files-view"
      >
        <PlacesPane open={placesOpen} onClose={() => setPlacesOpen(false)} />
        <div className="files-main">
          <header className="files-header">
            <SearchBar inputRef={searchInput} />
          </header>
          <div className="files-toolbar" ref={toolbar}>
            <button
              type="button"
              className="button button--icon places-toggle"
              aria-label="Places"
              title="Places"
              aria-expanded={placesOpen}
              aria-controls="files-places"
              onClick={() => setPlacesOpen(!placesOpen)}
              data-testid="places-toggle"
            >
              <svg
                viewBox="0 0 24 24"
                width="18"
                height="18"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                aria-hidden="true"
              >
                <path d="M4 6h16M4 12h10M4 18h16" />
              </svg>
            </button>
            <Breadcrumbs
              location={location}
              onOpenPlace={() => goToPlace(location.place)}
              onOpenCrumb={(index) => setLocation({ ...location, path: location.path.slice(0, index + 1) })}
            />
            <div className="view__spacer" />
            {folder ? (
              <>
                <NewFolderButton compact={compact} onClick={() => openDialog({ kind: 'newFolder' })} />
                <MenuButton
                  label="Upload"
                  text="Upload"
                  icon={Upload}
                  iconOnly={compact}
                  primary
                  testId="upload-menu"
                  actions={[
                    {
                      label: 'Files…',
                      onSelect: () => fileInput.current?.click(),
                      testId: 'upload-file',
                      icon: FileUp,
                    },
                    {
                      label: 'Folder…',
                      onSelect: () => folderInput.current?.click(),
                      testId: 'upload-folder',
                      icon: FolderUp,
                    },
                  ]}
                />
                <input
                  ref={fileInput}
                  type="file"
                  multiple
                  hidden
                  onChange={(event) => onPicked(event, false)}
                  data-testid="upload-input"
                  aria-label="Choose files to upload"
                />
                <input
                  ref={(element) => {
                    folderInput.current = element;
                    element?.setAttribute('webkitdirectory', '');
                  }}
                  type="file"
                  multiple
                  hidden
                  onChange={(event) => onPicked(event, true)}
                  data-testid="upload-folder-input"
                  aria-label="Choose a folder to upload"
                />
              </>
            ) : null}
            {listing.kind === 'drives' ? (
              <button
                type="button"
                className="button button--primary"
                onClick={() => setCreatingDrive(true)}
                data-testid="new-drive"
              >
                New shared drive
              </button>
            ) : null}
            {inTrash && files.length > 0 ? (
              <button
                type="button"
                className="button"
                onClick={() => requestEmptyTrash(files)}
                data-testid="empty-trash"
              >
                Empty trash
              </button>
            ) : null}
            {listing.kind === 'files' ? (
              <>
                <ViewToggle />
                <Tip text={detailsOpen ? 'Hide details (i)' : 'Show details (i)'}>
                  <button
                    type="button"
                    className="button button--icon"
                    aria-label="Details"
                    aria-pressed={detailsOpen}
                    onClick={() => setDetailsOpen(!detailsOpen)}
                    data-testid="toggle-details"
                  >
                    <Info size={18} strokeWidth={1.8} aria-hidden="true" />
                  </button>
                </Tip>
              </>
            ) : null}
          </div>
          {/* Shared drives are cards with their own menus: nothing there is selected. */}
          {listing.kind === 'files' ? (
            <SelectionBar
              items={selectedItems}
              inTrash={inTrash}
              summary={
                listing.kind === 'files' && contents.isSuccess
                  ? `${files.length}${contents.hasNextPage ? '+' : ''} item${files.length === 1 ? '' : 's'}`
                  : ''
              }
              onClear={() => setSelection({ selected: new Set(), anchor: null, focus: selection.focus })}
            />
          ) : null}
          <div
            className={`files-content${drop.active ? ' is-drop-target' : ''}`}
            {...drop.handlers}
            data-testid="files-drop-zone"
          >
            {content}
            {drop.active ? (
              <div className="files-content__drop-hint" aria-hidden="true">
                Drop to upload to “{folder?.name}”
              </div>
            ) : null}
          </div>
        </div>
        {detailsOpen && listing.kind === 'files' ? (
          <DetailsPanel
            item={selectedItems.length === 1 ? selectedItems[0]! : null}
            selectedCount={selectedItems.length}
            onClose={() => setDetailsOpen(false)}
          />
        ) : null}
        <UploadPanel />
        <FilesDialogs folder={folder} />
        <TextPromptDialog
          open={creatingDrive}
          title="New shared drive"
          label="Name"
          initialValue=""
          submitLabel="Create"
          testId="new-drive-dialog"
          onSubmit={(name) => {
            setCreatingDrive(false);
            void createSharedDrive(name);
          }}
          onCancel={() => setCreatingDrive(false)}
        />
        <ShareDialog target={sharing} onClose={() => share(null)} />
        <ShortcutSheet
          open={shortcutsOpen}
          onClose={() => setShortcutsOpen(false)}
          sections={fileShortcutSheet}
          description="Single keys work anywhere in Files when you are not typing; the list's keys when it has the focus."
        />
      </section>
    </TipProvider>
  );
}
