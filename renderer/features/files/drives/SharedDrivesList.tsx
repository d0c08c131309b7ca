import * as Dialog from '@radix-ui/react-dialog';
import { Eye, EyeOff, FolderOpen, Palette, PencilLine, Trash2, Users } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../../components/StatusPanel';
import { TextPromptDialog } from '../../../components/TextPromptDialog';
import { useApiQuery } from '../../../lib/api';
import { useDialogStore } from '../dialog-store';
import { folderColors, hasId } from '../drive-file';
import { useFilesStore } from '../files-store';
import { MenuButton } from '../MenuButton';
import {
  deleteSharedDrive,
  driveListParams,
  renameSharedDrive,
  restyleSharedDrive,
  setDriveHidden,
  type SharedDriveEntry,
} from './drive-actions';
import { returnFocus } from '../../../lib/return-focus';

/** A theme's id as people read it: "beach_ball" is "Beach ball". */
function themeName(id: string): string {
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : id;
}

function StyleDialog({ drive, onClose }: { drive: SharedDriveEntry; onClose: () => void }) {
  const about = useApiQuery('DriveAboutGet', { fields: 'driveThemes(id,colorRgb)' });
  const themes = (about.data?.driveThemes ?? []).filter(hasId);
  const pick = (style: { themeId: string } | { colorRgb: string }) => {
    onClose();
    void restyleSharedDrive(drive, style);
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          {...returnFocus}
          className="dialog"
          data-testid="drive-style-dialog"
          aria-describedby={undefined}
        >
          <Dialog.Title className="dialog__title">Color and theme of “{drive.name}”</Dialog.Title>
          {themes.length > 0 ? (
            <fieldset className="swatches">
              <legend className="field__label">Themes</legend>
              {themes.map((theme) => (
                <button
                  key={theme.id}
                  type="button"
                  className="swatch swatch--theme"
                  style={{ background: theme.colorRgb }}
                  aria-label={`${themeName(theme.id)} theme`}
                  title={themeName(theme.id)}
                  onClick={() => pick({ themeId: theme.id })}
                  data-testid={`theme-${theme.id}`}
                />
              ))}
            </fieldset>
          ) : null}
          <fieldset className="swatches">
            <legend className="field__label">Colors</legend>
            {folderColors.map((color) => (
              <button
                key={color.rgb}
                type="button"
                className="swatch"
                style={{ background: color.rgb }}
                aria-label={color.name}
                title={color.name}
                onClick={() => pick({ colorRgb: color.rgb })}
                data-testid={`drive-color-${color.rgb.slice(1)}`}
              />
            ))}
          </fieldset>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DriveCard({
  drive,
  onRename,
  onStyle,
}: {
  drive: SharedDriveEntry;
  onRename: () => void;
  onStyle: () => void;
}) {
  const openFolder = useFilesStore((state) => state.openFolder);
  const share = useFilesStore((state) => state.share);
  const confirm = useDialogStore((state) => state.open);
  const caps = drive.capabilities ?? {};
  const name = drive.name ?? 'Untitled drive';
  const open = () => openFolder({ id: drive.id, name, driveId: drive.id });
  return (
    <li
      className={`drive-card${drive.hidden ? ' is-hidden' : ''}`}
      style={{ '--drive-color': drive.colorRgb ?? 'var(--color-accent)' } as CSSProperties}
      data-testid="drive-card"
      data-drive-id={drive.id}
    >
      <span className="drive-card__bar" aria-hidden="true" data-testid="drive-card-bar" />
      <button type="button" className="drive-card__open" onClick={open} data-testid="drive-open">
        <span
          className="drive-card__swatch"
          style={{ background: drive.colorRgb ?? 'var(--color-accent)' }}
          aria-hidden="true"
        />
        <span className="drive-card__name">{name}</span>
        {drive.hidden ? <span className="pill">Hidden</span> : null}
      </button>
      <MenuButton
        label={`Actions for ${name}`}
        testId="drive-menu"
        actions={[
          { label: 'Open', onSelect: open, icon: FolderOpen },
          ...(caps.canManageMembers !== false
            ? [
                {
                  label: 'Manage members',
                  onSelect: () => share({ id: drive.id, name, kind: 'drive', driveId: drive.id }),
                  testId: 'drive-members',
                  icon: Users,
                },
              ]
            : []),
          ...(caps.canRenameDrive !== false && caps.canRename !== false
            ? [{ label: 'Rename', onSelect: onRename, testId: 'drive-rename', icon: PencilLine }]
            : []),
          ...(caps.canChangeDriveBackground !== false
            ? [{ label: 'Color and theme', onSelect: onStyle, testId: 'drive-style', icon: Palette }]
            : []),
          drive.hidden
            ? { label: 'Unhide', onSelect: () => void setDriveHidden(drive, false), testId: 'drive-unhide', icon: Eye }
            : { label: 'Hide', onSelect: () => void setDriveHidden(drive, true), testId: 'drive-hide', icon: EyeOff },
          ...(caps.canDeleteDrive !== false
            ? [
                {
                  label: 'Delete',
                  danger: true,
                  testId: 'drive-delete',
                  icon: Trash2,
                  onSelect: () =>
                    confirm({
                      kind: 'confirm',
                      title: `Delete “${name}”?`,
                      message:
                        'Only an empty shared drive can be deleted: move its files out or to the trash first. Deleting cannot be undone.',
                      confirmLabel: 'Delete drive',
                      onConfirm: () => void deleteSharedDrive(drive),
                    }),
                },
              ]
            : []),
        ]}
      />
    </li>
  );
}

/** The shared drives the user belongs to, hidden ones on request, with their management actions. */
export function SharedDrivesList() {
  const drives = useApiQuery('DriveDrivesList', driveListParams, { allPagesOf: 'drives' });
  const [showHidden, setShowHidden] = useState(false);
  const [renaming, setRenaming] = useState<SharedDriveEntry | null>(null);
  const [styling, setStyling] = useState<SharedDriveEntry | null>(null);

  if (drives.isPending) return <LoadingPanel label="Loading shared drives…" testId="files-loading" />;
  if (drives.isError)
    return (
      <ErrorPanel
        title="Couldn’t load the shared drives"
        error={drives.error}
        onRetry={() => void drives.refetch()}
        testId="files-error"
      />
    );
  const all: SharedDriveEntry[] = (drives.data.drives ?? []).filter(hasId);
  const hiddenCount = all.filter((drive) => drive.hidden).length;
  const shown = all.filter((drive) => showHidden || !drive.hidden);

  return (
    <div className="drives" data-testid="shared-drives">
      {hiddenCount > 0 ? (
        <div className="drives__bar">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={showHidden}
              onChange={(event) => setShowHidden(event.target.checked)}
              data-testid="show-hidden-drives"
            />
            Show hidden drives ({hiddenCount})
          </label>
        </div>
      ) : null}
      {shown.length === 0 ? (
        <EmptyPanel
          title="No shared drives"
          message="Shared drives hold files a team owns together. Create one to start."
          testId="files-empty"
        />
      ) : (
        <ul className="drives__list">
          {shown.map((drive) => (
            <DriveCard
              key={drive.id}
              drive={drive}
              onRename={() => setRenaming(drive)}
              onStyle={() => setStyling(drive)}
            />
          ))}
        </ul>
      )}
      <TextPromptDialog
        open={renaming !== null}
        title="Rename shared drive"
        label="Name"
        initialValue={renaming?.name ?? ''}
        submitLabel="Rename"
        testId="drive-rename-dialog"
        onSubmit={(name) => {
          const drive = renaming;
          setRenaming(null);
          if (drive) void renameSharedDrive(drive, name);
        }}
        onCancel={() => setRenaming(null)}
      />
      {styling ? <StyleDialog drive={styling} onClose={() => setStyling(null)} /> : null}
    </div>
  );
}
