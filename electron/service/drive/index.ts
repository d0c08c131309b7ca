import { bindHandlers, type ServiceArea } from '../http/handler';
import { changesHandlers } from './handlers/changes';
import { commentsHandlers } from './handlers/comments';
import { drivesHandlers } from './handlers/drives';
import { filesDeleteHandlers } from './handlers/files-delete';
import { filesReadHandlers } from './handlers/files-read';
import { filesWriteHandlers } from './handlers/files-write';
import { permissionsHandlers } from './handlers/permissions';
import { revisionsHandlers } from './handlers/revisions';
import { provisionDriveUser } from './domain/provision';
import { driveMigrations } from './schema';
import { DriveState } from './domain/session';

/** Every Drive handler, by operation name. */
export const driveHandlers = [
  changesHandlers,
  commentsHandlers,
  drivesHandlers,
  filesDeleteHandlers,
  filesReadHandlers,
  filesWriteHandlers,
  permissionsHandlers,
  revisionsHandlers,
] as const;

/** Drive v3 over SQLite: all 46 operations; content in content-addressed blobs beside the database. */
export const driveModule: ServiceArea = {
  migrations: driveMigrations,
  create(service) {
    const drive = new DriveState(service);
    return {
      handlers: bindHandlers(drive, ...driveHandlers),
      provisionUser: (user) => provisionDriveUser(drive, user),
      close() {},
    };
  },
};
