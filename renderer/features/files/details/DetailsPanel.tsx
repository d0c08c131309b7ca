import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorPanel, LoadingPanel } from '../../../components/StatusPanel';
import { useApiQuery } from '../../../lib/api';
import { downloadItems, shareItem } from '../commands';
import type { DriveItem } from '../drive-file';
import { hasId, fileFields, isFolder } from '../drive-file';
import { FileIcon } from '../FileIcon';
import { fileKind, fileKindLabel, formatFileSize } from '../file-format';
import { ActivityTab } from './ActivityTab';
import { CommentsTab } from './CommentsTab';
import { formatDateTime, personName } from './format-time';
import { RevisionsTab } from './RevisionsTab';
import { sharedDriveAccess } from './shared-access';

type Tab = 'details' | 'activity' | 'revisions' | 'comments';

function ParentName({ parentId }: { parentId: string }) {
  const parent = useApiQuery('DriveFilesGet', { fileId: parentId, fields: 'id,name', supportsAllDrives: true });
  return <>{parent.data?.name ?? '…'}</>;
}

/**
 * Who has access to an item of a shared drive. Drive does not fill `shared` there; the item's
 * permissions say who, and people who cannot share it see only the drive's members and whether more exist.
 */
function SharedDriveAccess({ file, driveId }: { file: DriveItem; driveId: string }) {
  const drive = useApiQuery('DriveFilesGet', { fileId: driveId, fields: 'id,name', supportsAllDrives: true });
  const canShare = file.capabilities?.canShare === true;
  const permissions = useApiQuery(
    'DrivePermissionsList',
    { fileId: file.id, supportsAllDrives: true, fields: 'nextPageToken,permissions(type,domain,permissionDetails)' },
    { allPagesOf: 'permissions', enabled: canShare },
  );
  const driveName = drive.data?.name ?? '…';
  if (!canShare)
    return <>{file.hasAugmentedPermissions ? `Members of ${driveName} and others` : `Members of ${driveName}`}</>;
  if (!permissions.data) return <>{`Members of ${driveName}`}</>;
  return <>{sharedDriveAccess(driveName, permissions.data.permissions ?? [])}</>;
}

function InfoTab({ file }: { file: DriveItem }) {
  const owner = file.owners?.[0];
  const parent = file.parents?.[0];
  const rows: [string, ReactNode][] = [
    ['Type', fileKindLabel(file.mimeType)],
    ...(isFolder(file) ? [] : ([['Size', formatFileSize(file.size)]] as [string, ReactNode][])),
    ...(parent ? ([['Location', <ParentName key="parent" parentId={parent} />]] as [string, ReactNode][]) : []),
    ['Owner', owner ? personName(owner) : file.driveId ? 'Shared drive' : '—'],
    [
      'Modified',
      `${formatDateTime(file.modifiedTime)}${file.lastModifyingUser ? ` by ${personName(file.lastModifyingUser)}` : ''}`,
    ],
    ['Created', formatDateTime(file.createdTime)],
    [
      'Shared',
      file.driveId ? <SharedDriveAccess key="shared" file={file} driveId={file.driveId} /> : file.shared ? 'Yes' : 'No',
    ],
    ['Starred', file.starred ? 'Yes' : 'No'],
  ];
  return (
    <div className="details__info">
      <dl className="details__facts" data-testid="details-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="details__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {file.description ? <p className="details__description">{file.description}</p> : null}
      <div className="details__actions">
        {file.capabilities?.canShare !== false && !file.trashed ? (
          <button type="button" className="button" onClick={() => shareItem(file)} data-testid="details-share">
            Manage sharing
          </button>
        ) : null}
        {!isFolder(file) ? (
          <button
            type="button"
            className="button"
            onClick={() => void downloadItems([file])}
            data-testid="details-download"
          >
            Download
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Everything about one file: its facts, activity, versions and comments. */
export function DetailsPanel({
  item,
  selectedCount,
  onClose,
}: {
  item: DriveItem | null;
  selectedCount: number;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<Tab>('details');
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    // Escape closes the sheet first (a second Escape then clears the selection), unless a dialog or a
    // menu is open and the key is theirs.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      event.stopPropagation();
      closeRef.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  const fresh = useApiQuery(
    'DriveFilesGet',
    { fileId: item?.id ?? '', fields: fileFields, supportsAllDrives: true },
    { enabled: item !== null },
  );
  const file: DriveItem | null = item && fresh.data && hasId(fresh.data) ? { ...fresh.data, id: item.id } : item;

  const tabs: { id: Tab; label: string; shown: boolean }[] = [
    { id: 'details', label: 'Details', shown: true },
    { id: 'activity', label: 'Activity', shown: true },
    {
      id: 'revisions',
      label: 'Versions',
      shown: file !== null && !isFolder(file) && file.capabilities?.canReadRevisions !== false,
    },
    { id: 'comments', label: 'Comments', shown: file !== null && !isFolder(file) },
  ];
  const visibleTab = tabs.find((t) => t.id === tab && t.shown) ? tab : 'details';

  return (
    <aside className="details" aria-label="Details" data-testid="details-panel">
      <header className="details__header">
        {file ? <FileIcon kind={fileKind(file.mimeType)} color={file.folderColorRgb} /> : null}
        <h2 className="details__title" data-testid="details-title">
          {file ? file.name || 'Untitled' : selectedCount > 1 ? `${selectedCount} items selected` : 'Details'}
        </h2>
        <button
          type="button"
          className="button button--ghost button--icon"
          onClick={onClose}
          aria-label="Close details"
          data-testid="details-close"
        >
          ×
        </button>
      </header>
      {file === null ? (
        <p className="details__empty">
          {selectedCount > 1 ? 'Select one item to see its details.' : 'Select a file or folder to see its details.'}
        </p>
      ) : (
        <>
          <div className="tabs" role="tablist" aria-label="Details sections">
            {tabs
              .filter((t) => t.shown)
              .map((t) => (
                <button
                  key={t.id}
                  type="button"
                  role="tab"
                  id={`details-tab-${t.id}`}
                  aria-selected={visibleTab === t.id}
                  aria-controls="details-tabpanel"
                  className="tabs__tab"
                  onClick={() => setTab(t.id)}
                  data-testid={`details-tab-${t.id}`}
                >
                  {t.label}
                </button>
              ))}
          </div>
          <div
            className="details__body"
            role="tabpanel"
            id="details-tabpanel"
            aria-labelledby={`details-tab-${visibleTab}`}
          >
            {fresh.isError && !fresh.data ? (
              <ErrorPanel
                title="Couldn’t load the details"
                error={fresh.error}
                onRetry={() => void fresh.refetch()}
                fill={false}
              />
            ) : visibleTab === 'details' ? (
              fresh.isPending ? (
                <LoadingPanel label="Loading details…" fill={false} />
              ) : (
                <InfoTab file={file} />
              )
            ) : visibleTab === 'activity' ? (
              <ActivityTab fileId={file.id} />
            ) : visibleTab === 'revisions' ? (
              <RevisionsTab item={file} />
            ) : (
              <CommentsTab fileId={file.id} canComment={file.capabilities?.canComment !== false} />
            )}
          </div>
        </>
      )}
    </aside>
  );
}
