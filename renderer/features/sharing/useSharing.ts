import { useMemo } from 'react';
import { callApi, useApiQuery } from '../../lib/api';
import { refreshDrive, type ShareTarget } from '../files';
import { isPermission, permissionFields, type Permission, type Role, type ShareContext } from './permissions';

/** What the share dialog needs about its target: the item, its permissions, its parent's, and who "I" am. */
export function useSharing(target: ShareTarget) {
  const isDrive = target.kind === 'drive';
  const context: ShareContext = isDrive ? 'sharedDrive' : target.driveId ? 'sharedDriveItem' : 'myDrive';
  const item = useApiQuery(
    'DriveFilesGet',
    {
      fileId: target.id,
      supportsAllDrives: true,
      fields: 'id,name,webViewLink,parents,driveId,ownedByMe,capabilities(canShare)',
    },
    { enabled: !isDrive },
  );
  const permissions = useApiQuery(
    'DrivePermissionsList',
    { fileId: target.id, supportsAllDrives: true, fields: permissionFields },
    { allPagesOf: 'permissions' },
  );
  const parentId = item.data?.parents?.[0];
  // The parent's grants tell which of the item's come from it (My Drive does not mark them).
  const parentPermissions = useApiQuery(
    'DrivePermissionsList',
    { fileId: parentId ?? '', supportsAllDrives: true, fields: permissionFields },
    { allPagesOf: 'permissions', enabled: context === 'myDrive' && parentId !== undefined, retry: false },
  );
  const about = useApiQuery('DriveAboutGet', { fields: 'user(emailAddress,permissionId,displayName)' });

  // Stable while the answer is the same, so components can tell when the service's state changed.
  const list = useMemo(() => (permissions.data?.permissions ?? []).filter(isPermission), [permissions.data]);
  const parentList = useMemo(
    () => (parentPermissions.data ? (parentPermissions.data.permissions ?? []).filter(isPermission) : null),
    [parentPermissions.data],
  );

  return {
    context,
    item: item.data,
    permissions,
    list,
    parentList: parentPermissions.isSuccess ? parentList : null,
    me: about.data?.user,
  };
}

const scope = { supportsAllDrives: true } as const;

export interface NewPermission {
  type: Permission['type'];
  role: Role;
  emailAddress?: string;
  domain?: string;
  expirationTime?: string;
  allowFileDiscovery?: boolean;
}

/**
 * Runs a sharing change, then reads Drive's state again before the caller goes on: what the dialog
 * does next acts on what it shows (a grant's id, its role), and a grant replaced by the change is
 * gone from the service at once but from the cache only when it is read again. A refused change
 * changed nothing, so its caller need not wait for the read.
 */
async function settle<T>(work: Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work;
  } catch (error) {
    void refreshDrive();
    throw error;
  }
  await refreshDrive();
  return result;
}

export function addPermission(
  fileId: string,
  permission: NewPermission,
  notify?: { send: boolean; message?: string },
): Promise<unknown> {
  const params = {
    ...scope,
    fileId,
    ...(notify
      ? {
          sendNotificationEmail: notify.send,
          ...(notify.send && notify.message ? { emailMessage: notify.message } : {}),
        }
      : {}),
  };
  return settle(callApi('DrivePermissionsCreate', params, permission));
}

export function changeRole(fileId: string, permissionId: string, role: Role): Promise<unknown> {
  return settle(callApi('DrivePermissionsUpdate', { ...scope, fileId, permissionId }, { role }));
}

export function setExpiration(fileId: string, permissionId: string, expirationTime: string | null): Promise<unknown> {
  return settle(
    expirationTime === null
      ? callApi('DrivePermissionsUpdate', { ...scope, fileId, permissionId, removeExpiration: true }, {})
      : callApi('DrivePermissionsUpdate', { ...scope, fileId, permissionId }, { expirationTime }),
  );
}

export function removePermission(fileId: string, permissionId: string): Promise<unknown> {
  return settle(callApi('DrivePermissionsDelete', { ...scope, fileId, permissionId }));
}

/**
 * Makes the person behind `permissionId` the owner; the current owner keeps edit access. An owner's
 * access cannot expire, so an expiration the person had goes with the change (as in Drive).
 */
export function transferOwnership(fileId: string, permissionId: string): Promise<unknown> {
  return settle(
    callApi(
      'DrivePermissionsUpdate',
      { ...scope, fileId, permissionId, transferOwnership: true, removeExpiration: true },
      { role: 'owner' },
    ),
  );
}
