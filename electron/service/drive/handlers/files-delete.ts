import type { HandlerResult, RequestContext } from '../../http/handler';
import { deletePermanently } from '../domain/file-operations';
import type { FileRow } from '../domain/files-repository';
import { roleRank } from '../domain/roles';
import { driveErrors } from '../errors';
import { DriveSession } from '../session';
import { stringParam } from './common';

/** DriveFilesDelete: permanent, by the owner (an organizer in a shared drive). */
export function filesDelete(ctx: RequestContext): HandlerResult {
  const s = new DriveSession(ctx);
  s.write(() => {
    const { file, rank } = s.requireFile(stringParam(ctx, 'fileId')!);
    if (!s.policyOf(file, rank).delete) {
      throw driveErrors.insufficientPermissions(
        file.root_kind
          ? 'This folder cannot be deleted.'
          : 'The user does not have sufficient permissions for this file. Only the owner can delete it.',
      );
    }
    deletePermanently(s, file);
  });
  return { status: 204 };
}

/** DriveFilesEmptyTrash: deletes every file the user trashed (or, with driveId, a shared drive's trash). */
export function filesEmptyTrash(ctx: RequestContext): HandlerResult {
  const s = new DriveSession(ctx);
  const driveId = stringParam(ctx, 'driveId');
  s.write(() => {
    let roots: FileRow[];
    if (driveId) {
      const rank = s.rankOf(driveId);
      if (rank === 0 || !s.data.drives.get(driveId)) throw driveErrors.driveNotFound(driveId);
      if (rank < roleRank.organizer)
        throw driveErrors.insufficientPermissions('Only organizers can empty the trash of a shared drive.');
      roots = s.service.store
        .prepare<[string], FileRow>('SELECT * FROM drive_files WHERE drive_id = ? AND explicitly_trashed = 1')
        .all(driveId);
    } else {
      roots = s.service.store
        .prepare<[string], FileRow>(
          'SELECT * FROM drive_files WHERE owner_id = ? AND explicitly_trashed = 1 AND drive_id IS NULL',
        )
        .all(s.user.id);
    }
    for (const root of roots) {
      // An earlier deletion in this loop may have taken it already (it was inside another trashed folder).
      const current = s.data.files.get(root.id);
      if (current) deletePermanently(s, current);
    }
  });
  return { status: 204 };
}
