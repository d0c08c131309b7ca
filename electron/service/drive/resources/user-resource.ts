import { permissionIdForEmail } from '../domain/ids';
import type { DriveUserRow } from '../domain/drive-users-repository';
import type { DriveData } from '../domain/session';

/** Drive's `drive#user` object. */
export interface DriveUserResource {
  kind: 'drive#user';
  displayName: string;
  emailAddress: string;
  permissionId: string;
  me: boolean;
  photoLink?: string;
}

export function userResource(data: DriveData, userId: string | null, meId: string): DriveUserResource | undefined {
  if (!userId) return undefined;
  const row = data.users.byId(userId);
  return row ? userResourceOf(row, meId) : undefined;
}

export function userResourceOf(row: DriveUserRow, meId: string): DriveUserResource {
  const userId = row.user_id;
  return {
    kind: 'drive#user',
    displayName: row.display_name,
    emailAddress: row.email,
    permissionId: permissionIdForEmail(row.email),
    me: userId === meId,
  };
}
