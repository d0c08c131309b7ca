import type { HandlerMap, ServiceModule } from '../http/handler';
import {
  aboutGet,
  changesGetStartPageToken,
  changesList,
  changesWatch,
  channelsStop,
  filesWatch,
} from './handlers/changes';
import {
  commentsCreate,
  commentsDelete,
  commentsGet,
  commentsList,
  commentsUpdate,
  repliesCreate,
  repliesDelete,
  repliesGet,
  repliesList,
  repliesUpdate,
} from './handlers/comments';
import {
  drivesCreate,
  drivesDelete,
  drivesGet,
  drivesHide,
  drivesList,
  drivesUnhide,
  drivesUpdate,
} from './handlers/drives';
import { filesDelete, filesEmptyTrash } from './handlers/files-delete';
import { filesExport, filesGenerateIds, filesGet, filesList } from './handlers/files-read';
import { filesCopy, filesCreate, filesUpdate } from './handlers/files-write';
import {
  permissionsCreate,
  permissionsDelete,
  permissionsGet,
  permissionsList,
  permissionsUpdate,
} from './handlers/permissions';
import { revisionsDelete, revisionsGet, revisionsList, revisionsUpdate } from './handlers/revisions';
import { provisionDriveUser } from './provision';
import { driveMigrations } from './schema';

const handlers: HandlerMap = {
  DriveAboutGet: aboutGet,
  DriveChangesGetStartPageToken: changesGetStartPageToken,
  DriveChangesList: changesList,
  DriveChangesWatch: changesWatch,
  DriveChannelsStop: channelsStop,

  DriveCommentsGet: commentsGet,
  DriveCommentsList: commentsList,
  DriveCommentsCreate: commentsCreate,
  DriveCommentsUpdate: commentsUpdate,
  DriveCommentsDelete: commentsDelete,
  DriveRepliesGet: repliesGet,
  DriveRepliesList: repliesList,
  DriveRepliesCreate: repliesCreate,
  DriveRepliesUpdate: repliesUpdate,
  DriveRepliesDelete: repliesDelete,

  DriveDrivesGet: (ctx) => drivesGet(ctx),
  DriveDrivesList: (ctx) => drivesList(ctx),
  DriveDrivesCreate: (ctx) => drivesCreate(ctx),
  DriveDrivesHide: drivesHide,
  DriveDrivesUnhide: drivesUnhide,
  DriveDrivesUpdate: (ctx) => drivesUpdate(ctx),
  DriveDrivesDelete: (ctx) => drivesDelete(ctx),

  DriveFilesExport: filesExport,
  DriveFilesGenerateIds: filesGenerateIds,
  DriveFilesGet: filesGet,
  DriveFilesList: filesList,
  DriveFilesCopy: filesCopy,
  DriveFilesCreate: filesCreate,
  DriveFilesWatch: filesWatch,
  DriveFilesUpdate: filesUpdate,
  DriveFilesDelete: filesDelete,
  DriveFilesEmptyTrash: filesEmptyTrash,

  DrivePermissionsGet: permissionsGet,
  DrivePermissionsList: permissionsList,
  DrivePermissionsCreate: permissionsCreate,
  DrivePermissionsUpdate: permissionsUpdate,
  DrivePermissionsDelete: permissionsDelete,

  DriveRevisionsGet: revisionsGet,
  DriveRevisionsList: revisionsList,
  DriveRevisionsUpdate: revisionsUpdate,
  DriveRevisionsDelete: revisionsDelete,

  DriveTeamdrivesGet: (ctx) => drivesGet(ctx, 'teamDrive'),
  DriveTeamdrivesList: (ctx) => drivesList(ctx, 'teamDrive'),
  DriveTeamdrivesCreate: (ctx) => drivesCreate(ctx, 'teamDrive'),
  DriveTeamdrivesUpdate: (ctx) => drivesUpdate(ctx, 'teamDrive'),
  DriveTeamdrivesDelete: (ctx) => drivesDelete(ctx, 'teamDrive'),
};

/** Drive v3 over SQLite: all 46 operations; content in content-addressed blobs beside the database. */
export const driveModule: ServiceModule = {
  migrations: driveMigrations,
  handlers,
  provisionUser: provisionDriveUser,
};
