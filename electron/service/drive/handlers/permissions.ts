import type { SystemParams } from '../../../../shared/api';
import { ApiError, badRequest, forbidden } from '../../http/api-error';
import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import { isJsonObject } from '../../http/merge-patch';
import { administeredDomain, requireDriveAdministrator } from '../domain/admin-access';
import { checkGrantAllowed } from '../domain/drive-restrictions';
import type { FileRow } from '../domain/files-repository';
import type { PermissionRow } from '../domain/permissions-repository';
import { roleRank, type Role } from '../domain/roles';
import {
  checkExpiration,
  checkRoleForType,
  granteeOf,
  parsePermissionInput,
  queueShareNotice,
  requireNotInherited,
  savePermission,
} from '../domain/sharing';
import { driveErrors } from '../domain/errors';
import { permissionIdForEmail } from '../domain/ids';
import { minimalPermission, permissionResource, type PermissionResource } from '../resources/permission-resource';
import { decodePageToken, encodePageToken, fingerprintOf } from '../query/page-token';
import { DriveSession, type DriveState } from '../domain/session';
import { hasFields } from './common';

function isDriveRoot(file: FileRow): boolean {
  return file.drive_id !== null && file.id === file.drive_id;
}

/**
 * The file whose permissions the request is about, and the user's strength on it. With
 * `useDomainAdminAccess`, an administrator of a shared drive's domain manages the drive's members
 * as an organizer would, member or not; on any other file the flag adds nothing to the user's own access.
 */
function requirePermissionTarget(
  s: DriveSession,
  ctx: { readonly params: { readonly fileId: string; readonly useDomainAdminAccess: boolean } },
): { file: FileRow; rank: number } {
  const fileId = ctx.params.fileId;
  if (!ctx.params.useDomainAdminAccess) return s.requireFile(fileId);
  administeredDomain(s.user);
  const drive = s.data.drives.get(fileId);
  if (!drive) return s.requireFile(fileId);
  requireDriveAdministrator(s.user, drive);
  const file = s.data.files.get(drive.id);
  if (!file) throw driveErrors.fileNotFound(fileId);
  return { file, rank: Math.max(s.rankOf(file.id), roleRank.organizer) };
}

/** Who may manage sharing: the file's share capability; for a shared drive's members, organizers. */
function requireSharer(s: DriveSession, file: FileRow, rank: number): void {
  if (isDriveRoot(file)) {
    if (rank < roleRank.organizer)
      throw driveErrors.insufficientPermissions('Only organizers can manage the members of a shared drive.');
    return;
  }
  if (!s.policyOf(file, rank).share)
    throw driveErrors.insufficientPermissions('The user does not have sufficient permissions to share this file.');
}

/** A shared drive always keeps an organizer: neither removing nor demoting may take its last one. */
function requireAnotherOrganizer(s: DriveSession, file: FileRow, reason: string): void {
  if (!isDriveRoot(file)) return;
  const organizers = s.data.permissions.directOn(file.id).filter((p) => p.role === 'organizer');
  if (organizers.length <= 1) throw forbidden('A shared drive must keep at least one organizer.', reason);
}

function body(ctx: { readonly params: SystemParams }, p: PermissionResource): PermissionResource {
  return hasFields(ctx) ? p : minimalPermission(p);
}

/** Reaching users' change feeds: the subtree changed for everyone with access before or after. */
function recordSharingChange(s: DriveSession, file: FileRow, before: Set<string>): void {
  for (const id of s.data.files.subtreeIds(file.id)) {
    const row = s.data.files.get(id);
    if (row)
      s.fileChanged(row, { state: id === file.id ? 'update' : undefined, changed: ['permissions'], alsoUsers: before });
  }
}

/** Makes `newOwnerEmail` the owner; the previous owner keeps write access. */
function transferOwnership(
  s: DriveSession,
  file: FileRow,
  newOwnerEmail: string,
  existing: PermissionRow | undefined,
  grantee: Pick<PermissionRow, 'id' | 'type' | 'email' | 'domain'>,
): void {
  if (file.owner_id !== s.user.id)
    throw forbidden('Only the owner can transfer ownership.', 'insufficientFilePermissions');
  const newOwner = s.data.users.byEmail(newOwnerEmail);
  if (!newOwner)
    throw badRequest('invalidSharingRequest', 'Ownership can only be transferred to a user of this service.');
  if (newOwner.user_id === s.user.id) return;
  const previous = s.data.permissions.directOn(file.id).find((p) => p.role === 'owner');
  if (previous) savePermission(s, { ...previous, role: 'writer' }, previous);
  savePermission(
    s,
    {
      file_id: file.id,
      ...grantee,
      role: 'owner',
      display_name: newOwner.display_name,
      allow_file_discovery: null,
      expiration_time: null,
      created_time: existing?.created_time ?? s.nowIso,
      sharing_user_id: s.user.id,
    },
    existing,
  );
  s.data.files.update(file.id, { owner_id: newOwner.user_id });
}

export function permissionsCreate(state: DriveState, ctx: RequestContext<'DrivePermissionsCreate'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const input = parsePermissionInput(ctx.body);
  if (!input.type) throw driveErrors.required('permission.type', 'The permission type field is required.');
  if (!input.role) throw driveErrors.required('permission.role', 'The permission role field is required.');
  const type = input.type;
  const role = input.role;
  const transfer = ctx.params.transferOwnership;
  const notifyExplicit = ctx.given('sendNotificationEmail');
  const notify = ctx.params['sendNotificationEmail'] !== false;
  if (notifyExplicit && type !== 'user' && type !== 'group') {
    throw badRequest(
      'invalidSharingRequest',
      'sendNotificationEmail applies only to user and group permissions.',
      'sendNotificationEmail',
    );
  }
  if (role === 'owner' && !notify) {
    throw badRequest(
      'invalidSharingRequest',
      'Notification emails cannot be turned off when transferring ownership.',
      'sendNotificationEmail',
    );
  }
  if (input.allowFileDiscovery !== undefined && type !== 'domain' && type !== 'anyone') {
    throw badRequest(
      'invalid',
      'allowFileDiscovery applies only to domain and anyone permissions.',
      'permission.allowFileDiscovery',
    );
  }
  const grantee = granteeOf({ ...input, type });
  const emailMessage = ctx.params.emailMessage;

  const result = s.write(() => {
    const { file, rank } = requirePermissionTarget(s, ctx);
    requireSharer(s, file, rank);
    checkRoleForType(type, role, file);
    const drive = file.drive_id === null ? undefined : s.data.drives.get(file.drive_id);
    if (drive) {
      const isMember = (email: string) =>
        s.data.permissions.direct(drive.id, permissionIdForEmail(email)) !== undefined;
      checkGrantAllowed(drive, grantee, isDriveRoot(file), isMember);
    }
    if (role === 'owner' && !transfer) {
      throw new ApiError(
        403,
        'consentRequiredForOwnershipTransfer',
        "The transferOwnership parameter must be enabled when the permission role is 'owner'.",
        {
          location: 'transferOwnership',
          locationType: 'parameter',
        },
      );
    }
    if (role === 'organizer' && !isDriveRoot(file) && rank < roleRank.organizer)
      throw driveErrors.insufficientPermissions();
    const expiration =
      input.expirationTime !== undefined
        ? checkExpiration(s, input.expirationTime, type, role, isDriveRoot(file))
        : null;
    const before = s.usersWithAccess(file.id, true);
    const existing = s.data.permissions.direct(file.id, grantee.id);
    if (existing?.role === 'owner' && role !== 'owner')
      throw forbidden('The owner of a file cannot be given a lesser role.', 'cannotChangeOwnerRole');
    const local = grantee.email ? s.data.users.byEmail(grantee.email) : undefined;
    if (role === 'owner') {
      transferOwnership(s, file, grantee.email!, existing, grantee);
    } else {
      savePermission(
        s,
        {
          file_id: file.id,
          ...grantee,
          role,
          display_name: local?.display_name ?? null,
          allow_file_discovery:
            type === 'domain' || type === 'anyone' ? ((input.allowFileDiscovery ?? false) ? 1 : 0) : null,
          expiration_time: expiration,
          created_time: existing?.created_time ?? s.nowIso,
          sharing_user_id: s.user.id,
        },
        existing,
      );
    }
    if ((type === 'user' || type === 'group') && notify)
      queueShareNotice(s, file, grantee.email!, role, emailMessage, role === 'owner');
    recordSharingChange(s, file, before);
    return { file, permission: s.data.permissions.direct(file.id, grantee.id)! };
  });
  return { body: body(ctx, permissionResource(result.permission, result.file.drive_id)) };
}

export function permissionsUpdate(state: DriveState, ctx: RequestContext<'DrivePermissionsUpdate'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const input = parsePermissionInput(ctx.body);
  const permissionId = ctx.params.permissionId;
  const transfer = ctx.params.transferOwnership;
  // A patch clears the expiration with null as removeExpiration does.
  const removeExpiration = ctx.params.removeExpiration || (isJsonObject(ctx.body) && ctx.body.expirationTime === null);
  const result = s.write(() => {
    const { file, rank } = requirePermissionTarget(s, ctx);
    requireSharer(s, file, rank);
    const existing = requireNotInherited(s, file.id, permissionId);
    if (input.type !== undefined && input.type !== existing.type)
      throw new ApiError(403, 'fieldNotWritable', 'The permission type cannot be changed.');
    if (input.emailAddress !== undefined && input.emailAddress.toLowerCase() !== existing.email) {
      throw new ApiError(403, 'fieldNotWritable', 'The grantee of a permission cannot be changed.');
    }
    const role: Role = input.role ?? existing.role;
    checkRoleForType(existing.type, role, file);
    if (existing.role === 'owner' && role !== 'owner')
      throw forbidden(
        'The owner of a file cannot be given a lesser role; transfer ownership instead.',
        'cannotChangeOwnerRole',
      );
    if (existing.role === 'organizer' && role !== 'organizer')
      requireAnotherOrganizer(s, file, 'cannotModifyPermission');
    if (role === 'owner' && existing.role !== 'owner' && !transfer) {
      throw new ApiError(
        403,
        'consentRequiredForOwnershipTransfer',
        "The transferOwnership parameter must be enabled when the permission role is 'owner'.",
        {
          location: 'transferOwnership',
          locationType: 'parameter',
        },
      );
    }
    let expiration = existing.expiration_time;
    if (removeExpiration) expiration = null;
    else if (input.expirationTime !== undefined)
      expiration = checkExpiration(s, input.expirationTime, existing.type, role, isDriveRoot(file));
    if (expiration !== null && (role === 'owner' || role === 'organizer' || role === 'fileOrganizer')) {
      throw badRequest(
        'invalid',
        'Expiration dates cannot be set on owners or organizers.',
        'permission.expirationTime',
      );
    }
    const before = s.usersWithAccess(file.id, true);
    if (role === 'owner' && existing.role !== 'owner') {
      transferOwnership(s, file, existing.email!, existing, existing);
      queueShareNotice(s, file, existing.email!, role, undefined, true);
    } else {
      savePermission(s, { ...existing, role, expiration_time: expiration }, existing);
    }
    recordSharingChange(s, file, before);
    return { file, permission: s.data.permissions.direct(file.id, permissionId)! };
  });
  return { body: body(ctx, permissionResource(result.permission, result.file.drive_id)) };
}

export function permissionsDelete(state: DriveState, ctx: RequestContext<'DrivePermissionsDelete'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const permissionId = ctx.params.permissionId;
  s.write(() => {
    const { file, rank } = requirePermissionTarget(s, ctx);
    const existing = requireNotInherited(s, file.id, permissionId);
    const ownGrant = existing.email !== null && existing.email === s.user.email.toLowerCase();
    if (!ownGrant) requireSharer(s, file, rank);
    if (existing.role === 'owner') throw forbidden('The owner of a file cannot be removed.', 'cannotDeletePermission');
    if (existing.role === 'organizer') requireAnotherOrganizer(s, file, 'cannotDeletePermission');
    const before = s.usersWithAccess(file.id, true);
    s.data.permissions.delete(file.id, permissionId);
    s.data.access.revoke(file.id, permissionId);
    recordSharingChange(s, file, before);
  });
  return { status: 204 };
}

function visiblePermissions(
  s: DriveSession,
  ctx: Parameters<typeof requirePermissionTarget>[1],
): { file: FileRow; list: PermissionResource[] } {
  const { file, rank } = requirePermissionTarget(s, ctx);
  const memberView = isDriveRoot(file) && rank >= roleRank.reader;
  const list = s.data.permissions.effective(file.id).map((p) => permissionResource(p, file.drive_id));
  if (!memberView && !s.policyOf(file, rank).share) {
    // Without share rights a user sees only their own grant.
    const own = list.filter(
      (p) => typeof p.emailAddress === 'string' && p.emailAddress.toLowerCase() === s.user.email.toLowerCase(),
    );
    return { file, list: own };
  }
  return { file, list };
}

export function permissionsList(state: DriveState, ctx: RequestContext<'DrivePermissionsList'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const { file, list } = visiblePermissions(s, ctx);
  const pageSize = ctx.params.pageSize ?? (file.drive_id !== null ? 100 : list.length || 1);
  const fingerprint = fingerprintOf('permissions', s.user.id, file.id, pageSize);
  const offset = decodePageToken(ctx.params.pageToken, fingerprint);
  const page = list.slice(offset, offset + pageSize);
  const out: Record<string, unknown> = { kind: 'drive#permissionList' };
  if (offset + pageSize < list.length) out.nextPageToken = encodePageToken(offset + pageSize, fingerprint);
  out.permissions = hasFields(ctx) ? page : page.map(minimalPermission);
  return { body: out };
}

export function permissionsGet(state: DriveState, ctx: RequestContext<'DrivePermissionsGet'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const permissionId = ctx.params.permissionId;
  const { list } = visiblePermissions(s, ctx);
  const found = list.find((p) => p.id === permissionId);
  if (!found) throw driveErrors.permissionNotFound(permissionId);
  return { body: body(ctx, found) };
}

export const permissionsHandlers = defineHandlers<DriveState>({
  DrivePermissionsGet: (ctx, state) => permissionsGet(state, ctx),
  DrivePermissionsList: (ctx, state) => permissionsList(state, ctx),
  DrivePermissionsCreate: (ctx, state) => permissionsCreate(state, ctx),
  DrivePermissionsUpdate: (ctx, state) => permissionsUpdate(state, ctx),
  DrivePermissionsDelete: (ctx, state) => permissionsDelete(state, ctx),
});
