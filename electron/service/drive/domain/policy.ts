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

export function policyFor(file: FileRow, rank: number, userId: string): FilePolicy {
  const inSharedDrive = file.drive_id !== null;
  const isFolder = file.is_folder === 1;
  const isTop = file.root_kind !== null;
  const owner = !inSharedDrive && file.owner_id === userId;
  const writer = rank >= roleRank.writer;
  const readable = rank >= roleRank.reader;
  const mayCopyContent = writer || file.copy_requires_writer_permission === 0;
  return {
    edit: writer,
    comment: rank >= roleRank.commenter,
    share: inSharedDrive ? writer : owner || (writer && file.writers_can_share === 1),
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
