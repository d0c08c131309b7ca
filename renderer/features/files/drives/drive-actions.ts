import type { SharedDrive } from '../../../../shared/api/schemas/drive';
import { callApi, errorMessage } from '../../../lib/api';
import { refreshDrive } from '../queries';
import { notify } from '../../../lib/notify';

/** A shared drive (`drive#drive`) as the drives list reads it: one with an id. */
export type SharedDriveEntry = SharedDrive & { id: string };

export const driveListParams = {
  pageSize: 100,
  fields:
    'nextPageToken,drives(id,name,colorRgb,hidden,createdTime,capabilities(canRename,canRenameDrive,canChangeDriveBackground,canDeleteDrive,canManageMembers,canAddChildren))',
} as const;

async function run(what: string, work: () => Promise<unknown>, done?: string): Promise<boolean> {
  try {
    await work();
    if (done) notify({ message: done });
    return true;
  } catch (error) {
    notify({ message: `Couldn’t ${what}: ${explainDriveError(error)}`, kind: 'error' });
    return false;
  } finally {
    void refreshDrive();
  }
}

/** Drive's refusal to delete a drive with content, in words that say what to do about it. */
export function explainDriveError(error: unknown): string {
  const reason = (error as { reason?: unknown } | null)?.reason;
  if (reason === 'cannotDeleteResourceWithChildren') {
    return 'the shared drive still contains files or folders. Move them out or move them to the trash first; only an empty drive can be deleted.';
  }
  return errorMessage(error);
}

/** A fresh id that makes one creation idempotent (a retried request does not create a second drive). */
function requestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createSharedDrive(name: string): Promise<boolean> {
  return run(
    `create “${name}”`,
    () => callApi('DriveDrivesCreate', { requestId: requestId() }, { name }),
    `Created shared drive “${name}”`,
  );
}

export function renameSharedDrive(drive: SharedDriveEntry, name: string): Promise<boolean> {
  return run(
    `rename “${drive.name ?? ''}”`,
    () => callApi('DriveDrivesUpdate', { driveId: drive.id }, { name }),
    `Renamed to “${name}”`,
  );
}

/** A theme (picture and color) or just a color; Drive takes one or the other. */
export function restyleSharedDrive(
  drive: SharedDriveEntry,
  style: { themeId: string } | { colorRgb: string },
): Promise<boolean> {
  return run('change the drive’s look', () => callApi('DriveDrivesUpdate', { driveId: drive.id }, style));
}

export function setDriveHidden(drive: SharedDriveEntry, hidden: boolean): Promise<boolean> {
  const name = drive.name ?? '';
  return run(
    hidden ? `hide “${name}”` : `show “${name}”`,
    () =>
      hidden ? callApi('DriveDrivesHide', { driveId: drive.id }) : callApi('DriveDrivesUnhide', { driveId: drive.id }),
    hidden ? `Hid “${name}”` : `“${name}” is shown again`,
  );
}

export function deleteSharedDrive(drive: SharedDriveEntry): Promise<boolean> {
  return run(
    `delete “${drive.name ?? ''}”`,
    () => callApi('DriveDrivesDelete', { driveId: drive.id }),
    `Deleted shared drive “${drive.name ?? ''}”`,
  );
}
