import type { DriveRestrictions } from './drive-restrictions';
import type { FileRow } from './files-repository';
import { roleRank } from './roles';

/**
 * What a user with effective role strength `rank` may do with a file. Handlers enforce these and
 * the file resource reports them as `capabilities`, so the two never disagree.
 */
export interface FilePolicy {
  edit: boolean;
  comment: boolean;
  share: boolean;
  copy: boolean;
  download: boolean;
  trash: boolean;
  delete: boolean;
  rename: boolean;
  move: boolean;
  addChildren: boolean;
  listChildren: boolean;
  removeChildren: boolean;
  readRevisions: boolean;
  changeCopyRequiresWriterPermission: boolean;
  transferOwnership: boolean;
}

/** `restrictions`: those of the shared drive holding the file (none in My Drive). */
export function policyFor(file: FileRow, rank: number, userId: string, restrictions?: DriveRestrictions): FilePolicy {
  const inSharedDrive = file.drive_id !== null;
  const isFolder = file.is_folder === 1;
  const isTop = file.root_kind !== null;
  const owner = !inSharedDrive && file.owner_id === userId;
  const writer = rank >= roleRank.writer;
  const readable = rank >= roleRank.reader;
  const mayCopyContent = writer || !copyRequiresWriter(file, restrictions);
  // In a shared drive contributors share files; folders take a content manager, or a manager when restricted so.
  const folderSharer = restrictions?.sharingFoldersRequiresOrganizerPermission
    ? roleRank.organizer
    : roleRank.fileOrganizer;
  return {
    edit: writer,
    comment: rank >= roleRank.commenter,
    share: inSharedDrive
      ? isFolder && !isTop
        ? rank >= folderSharer
        : writer
      : owner || (writer && file.writers_can_share === 1),
    copy: !isFolder && readable && mayCopyContent,
    download: !isFolder && readable && mayCopyContent,
    // Only the owner trashes in My Drive; in a shared drive content managers do.
    trash: !isTop && (inSharedDrive ? rank >= roleRank.fileOrganizer : owner),
    delete: !isTop && (inSharedDrive ? rank >= roleRank.organizer : owner),
    rename: writer && !isTop,
    move: !isTop && (inSharedDrive ? rank >= roleRank.fileOrganizer : writer),
    addChildren: isFolder && writer,
    listChildren: isFolder && readable,
    removeChildren: isFolder && writer,
    readRevisions: writer,
    changeCopyRequiresWriterPermission: inSharedDrive ? rank >= roleRank.fileOrganizer : owner,
    transferOwnership: owner,
  };
}

/** Whether readers and commenters may not copy, print or download: set on the file, or by its shared drive for all. */
export function copyRequiresWriter(file: FileRow, restrictions: DriveRestrictions | undefined): boolean {
  return file.copy_requires_writer_permission === 1 || restrictions?.copyRequiresWriterPermission === true;
}
