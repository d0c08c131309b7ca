import { ApiError, badRequest } from '../../http/api-error';
import { driveErrors } from './errors';
import { permissionIdForEmail } from './ids';
import type { DriveSession } from './session';
import { cannotAddParent, forEachInSubtree, grantOwner } from './file-operations';
import type { FileRow } from './files-repository';
import { roleRank } from './roles';
import { savePermission } from './sharing';

/*
 * Moves with addParents/removeParents, within a drive and across drives, by Google's rules:
 *
 * - Into a shared drive from My Drive: only the item's owner moves it (the default when an
 *   administrator has not let editors migrate files: "By default, you can only move files and
 *   folders you own", support.google.com/drive/answer/13045066), with Contributor (writer) access
 *   or more on the destination folder ("Can move files from My Drive to a shared drive: Manager,
 *   Content manager, Contributor", Shared drives access levels, support.google.com/a/users/answer/12380484).
 *   The API moves files only: a folder is refused with teamDrivesFolderMoveInNotSupported
 *   (developers.google.com/workspace/drive/api/guides/handle-errors). The item is then owned by
 *   the drive: it loses its owner, keeps its direct permissions, and drops those it inherited
 *   from its old folders (support.google.com/drive/answer/13045066, "Learn how file access changes").
 * - Out of a shared drive, to My Drive or to another shared drive: organizers (Managers) only
 *   ("Can move files from one shared drive to another shared drive: Manager", Shared drives access
 *   levels; canMoveItemOutOfDrive). The destination needs Contributor access for a file and Manager
 *   access for a folder ("You can only move a folder to a shared drive if you're a manager of the
 *   shared drive"). Its content moves with it. Arriving in My Drive, the mover owns what came.
 * - Trashed items do not cross (cannotMoveTrashedItemIntoTeamDrive, cannotMoveTrashedItemOutOfTeamDrive);
 *   an item of a shared drive, or one going there, has exactly one parent (teamDrivesParentLimit).
 */

const teamDrivesParentLimit = () =>
  new ApiError(403, 'teamDrivesParentLimit', 'A shared drive item must have exactly one parent.');

const cannotAddToFolder = () =>
  driveErrors.insufficientPermissions(
    'The user does not have sufficient permissions to add files to the target folder.',
  );

/** Where a move takes an item: its new folder, or none (a My Drive item left without a parent). */
export interface MovePlan {
  parent: FileRow | null;
}

/**
 * Checks a change of parents (ids already resolved) against the rules above; undefined when the
 * item stays where it is. Writes nothing, so it can run before an upload's content is stored.
 */
export function planMove(
  s: DriveSession,
  file: FileRow,
  rank: number,
  add: readonly string[],
  remove: readonly string[],
): MovePlan | undefined {
  if (add.length === 0 && remove.length === 0) return undefined;
  for (const r of remove)
    if (r !== file.parent_id) throw badRequest('badRequest', `The file is not in folder ${r}.`, 'removeParents');
  const remaining = file.parent_id !== null && !remove.includes(file.parent_id) ? [file.parent_id] : [];
  const target = [...new Set([...remaining, ...add])];
  const rows = new Map<string, FileRow>();
  for (const id of target) {
    if (id === file.parent_id) continue;
    const row = s.data.files.get(id);
    if (!row || s.rankOf(id) === 0) throw driveErrors.fileNotFound(id);
    rows.set(id, row);
  }
  if (target.length > 1) {
    const sharedDrive = file.drive_id !== null || [...rows.values()].some((r) => r.drive_id !== null);
    throw sharedDrive ? teamDrivesParentLimit() : cannotAddParent();
  }
  const newParentId = target[0] ?? null;
  if (newParentId === file.parent_id) return undefined;
  if (newParentId === null) {
    if (file.drive_id !== null) throw teamDrivesParentLimit();
    return { parent: null };
  }
  const parent = rows.get(newParentId)!;
  if (!parent.is_folder) throw badRequest('badRequest', `The parent ${newParentId} is not a folder.`, 'addParents');
  if (parent.id === file.id || s.data.files.isAncestor(file.id, parent.id))
    throw badRequest('badRequest', 'The move would create a cycle in the folder tree.', 'addParents');
  if (parent.space !== file.space)
    throw new ApiError(403, 'cannotMoveItemOutOfDrive', 'Items cannot move between spaces.');
  const parentRank = s.rankOf(parent.id);
  if (parent.drive_id === file.drive_id) {
    if (parentRank < roleRank.writer) throw cannotAddToFolder();
  } else if (file.drive_id === null) {
    checkMoveIntoSharedDrive(s, file, parentRank);
  } else {
    checkMoveOutOfSharedDrive(file, rank, parent, parentRank);
  }
  return { parent };
}

function checkMoveIntoSharedDrive(s: DriveSession, file: FileRow, parentRank: number): void {
  if (file.trashed)
    throw new ApiError(
      403,
      'cannotMoveTrashedItemIntoTeamDrive',
      'A trashed item cannot be moved into a shared drive. Restore it first.',
    );
  if (file.is_folder)
    throw new ApiError(
      403,
      'teamDrivesFolderMoveInNotSupported',
      'Moving folders into shared drives is not supported.',
    );
  if (file.owner_id !== s.user.id)
    throw new ApiError(
      403,
      'fileWriterTeamDriveMoveInDisabled',
      'The domain administrator has not allowed writers to move items into a shared drive.',
    );
  if (parentRank < roleRank.writer) throw cannotAddToFolder();
}

function checkMoveOutOfSharedDrive(file: FileRow, rank: number, parent: FileRow, parentRank: number): void {
  if (rank < roleRank.organizer)
    throw driveErrors.insufficientPermissions('Only organizers can move items out of a shared drive.');
  if (file.trashed)
    throw new ApiError(
      403,
      'cannotMoveTrashedItemOutOfTeamDrive',
      'A trashed item cannot be moved out of a shared drive. Restore it first.',
    );
  if (parent.drive_id !== null && file.is_folder && parentRank < roleRank.organizer)
    throw driveErrors.insufficientPermissions(
      'Only organizers of the destination shared drive can move folders into it.',
    );
  if (parentRank < roleRank.writer) throw cannotAddToFolder();
}

/**
 * Moves an item (checked by planMove) to its new folder, with everything below it. Crossing into
 * another drive changes who owns the items and whose change feeds hear of them.
 */
export function moveFile(s: DriveSession, file: FileRow, parent: FileRow | null): void {
  const fromDrive = file.drive_id;
  const toDrive = parent === null ? fromDrive : parent.drive_id;
  const before = s.usersWithAccess(file.id, true);
  const oldParent = file.parent_id;
  s.data.files.update(file.id, { parent_id: parent?.id ?? null });
  s.data.access.reparent(file.id, parent?.id ?? null);
  if (toDrive === fromDrive) {
    forEachInSubtree(s, file.id, (id, row) =>
      s.fileChanged(row, { state: id === file.id ? 'update' : undefined, changed: ['parents'], alsoUsers: before }),
    );
  } else {
    changeDrive(s, file.id, toDrive);
    recordLeaving(s, file.id, fromDrive, before);
    // After the leaving entries, so each feed's latest word on an item is where it is now.
    forEachInSubtree(s, file.id, (id, row) =>
      s.fileChanged(row, { state: id === file.id ? 'update' : undefined, changed: ['parents'] }),
    );
  }
  if (oldParent) s.notifyFile(oldParent, 'update', ['children']);
  if (parent) s.notifyFile(parent.id, 'update', ['children']);
}

const subtreeCte = `WITH RECURSIVE sub(id) AS (SELECT ? UNION ALL SELECT f.id FROM drive_files f JOIN sub ON f.parent_id = sub.id)`;

/** Hands the subtree to its new drive (`null`: the mover's My Drive). */
function changeDrive(s: DriveSession, rootId: string, toDrive: string | null): void {
  const store = s.service.store;
  const ids = s.data.files.subtreeIds(rootId);
  if (toDrive === null) {
    // Trash details are kept for shared drive items only.
    store
      .prepare(
        `${subtreeCte} UPDATE drive_files SET drive_id = NULL, owner_id = ?, trashed_time = NULL, trashing_user_id = NULL,
           version = version + 1 WHERE id IN (SELECT id FROM sub)`,
      )
      .run(rootId, s.user.id);
    for (const id of ids) {
      // Organizer roles exist only in shared drives; their holders keep edit access.
      for (const p of s.data.permissions.directOn(id))
        if (p.role === 'organizer' || p.role === 'fileOrganizer') savePermission(s, { ...p, role: 'writer' }, p);
      takeOwnership(s, id);
    }
    return;
  }
  store
    .prepare(
      `${subtreeCte} UPDATE drive_files SET drive_id = ?, owner_id = NULL, version = version + 1 WHERE id IN (SELECT id FROM sub)`,
    )
    .run(rootId, toDrive);
  // The drive owns its items: owners' grants go, every other direct permission stays.
  for (const id of ids) {
    for (const p of s.data.permissions.directOn(id)) {
      if (p.role !== 'owner') continue;
      s.data.permissions.delete(id, p.id);
      s.data.access.revoke(id, p.id);
    }
  }
}

/** Makes the mover the owner, turning a permission they already hold on the item into ownership. */
function takeOwnership(s: DriveSession, fileId: string): void {
  const existing = s.data.permissions.direct(fileId, permissionIdForEmail(s.user.email));
  if (existing) savePermission(s, { ...existing, role: 'owner', expiration_time: null }, existing);
  else grantOwner(s, fileId);
}

/**
 * The feeds of the place the items left: a shared drive's feed lists them as changes of that drive
 * (read there as removed), and users who lost access with the move hear that they are gone.
 */
function recordLeaving(s: DriveSession, rootId: string, fromDrive: string | null, before: Set<string>): void {
  const after = s.usersWithAccess(rootId, true);
  const reached = fromDrive === null ? [...before].filter((u) => !after.has(u)) : [...before];
  if (reached.length === 0) return;
  for (const id of s.data.files.subtreeIds(rootId)) {
    s.data.changes.append(reached, { change_type: 'file', file_id: id, drive_id: fromDrive, time: s.nowIso });
  }
  for (const u of reached) s.notifyChanges(u);
}
