import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import { deletePermanently } from '../domain/file-operations';
import type { FileRow } from '../domain/files-repository';
import { roleRank } from '../domain/roles';
import { driveErrors } from '../domain/errors';
import { DriveSession, type DriveState } from '../domain/session';

/** DriveFilesDelete: permanent, by the owner (an organizer in a shared drive). */
export function filesDelete(state: DriveState, ctx: RequestContext<'DriveFilesDelete'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  s.write(() => {
    const { file, rank } = s.requireFile(ctx.params.fileId);
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
export function filesEmptyTrash(state: DriveState, ctx: RequestContext<'DriveFilesEmptyTrash'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const driveId = ctx.params.driveId;
  s.write(() => {
    let roots: FileRow[];
    if (driveId) {
      const rank = s.rankOf(driveId);
      if (rank === 0 || !s.data.drives.get(driveId)) throw driveErrors.driveNotFound(driveId);
      if (rank < roleRank.organizer)
        throw driveErrors.insufficientPermissions('Only organizers can empty the trash of a shared drive.');
      roots = s.data.files.trashedInDrive(driveId);
    } else {
      roots = s.data.files.trashedByOwner(s.user.id);
    }
    for (const root of roots) {
      // An earlier deletion in this loop may have taken it already (it was inside another trashed folder).
      const current = s.data.files.get(root.id);
      if (current) deletePermanently(s, current);
    }
  });
  return { status: 204 };
}

export const filesDeleteHandlers = defineHandlers<DriveState>({
  DriveFilesDelete: (ctx, state) => filesDelete(state, ctx),
  DriveFilesEmptyTrash: (ctx, state) => filesEmptyTrash(state, ctx),
});
