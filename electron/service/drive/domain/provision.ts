import type { User } from '../../store/users';
import { grantOwner } from './file-operations';
import { domainOf } from './roles';
import { newFileId } from './ids';
import { folderMimeType } from './mime';
import { DriveSession, type DriveState } from './session';

/** Gives a new user their My Drive root folder (runs inside the transaction that creates the user). */
export function provisionDriveUser(drive: DriveState, user: User): void {
  const { data, service } = drive;
  if (data.users.byId(user.id)) return;
  const now = service.now().toISOString();
  const rootId = newFileId();
  data.users.insert({
    user_id: user.id,
    email: user.email,
    domain: domainOf(user.email),
    display_name: user.displayName,
    root_id: rootId,
    app_data_id: null,
  });
  data.files.insert({
    id: rootId,
    name: 'My Drive',
    mime_type: folderMimeType,
    owner_id: user.id,
    root_kind: 'myDrive',
    created_time: now,
    modified_time: now,
  });
  grantOwner(new DriveSession(drive, { user }), rootId);
}
