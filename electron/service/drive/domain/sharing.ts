import { ApiError, badRequest } from '../../http/api-error';
import { driveErrors } from './errors';
import { anyonePermissionId, permissionIdForDomain, permissionIdForEmail } from './ids';
import type { DriveSession } from './session';
import type { FileRow } from './files-repository';
import type { PermissionRow } from './permissions-repository';
import { isGranteeType, isRole, principalFor, roleRank, type GranteeType, type Role } from './roles';

/** A permission body as sent, checked field by field. */
export interface PermissionInput {
  type?: GranteeType;
  role?: Role;
  emailAddress?: string;
  domain?: string;
  allowFileDiscovery?: boolean;
  expirationTime?: string;
}

const invalidSharing = (message: string) =>
  badRequest('invalidSharingRequest', `Bad Request. User message: "${message}"`);
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const domainPattern = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const oneYearMs = 366 * 24 * 60 * 60 * 1000;

export function parsePermissionInput(raw: unknown): PermissionInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest('parseError', 'The request body must be a permission object.');
  const body = raw as Record<string, unknown>;
  const out: PermissionInput = {};
  if (body.type !== undefined && body.type !== null) {
    if (!isGranteeType(body.type))
      throw badRequest(
        'invalid',
        `Invalid permission type '${String(body.type)}' (user, group, domain or anyone).`,
        'permission.type',
      );
    out.type = body.type;
  }
  if (body.role !== undefined) {
    if (!isRole(body.role))
      throw badRequest('invalid', `Invalid permission role '${String(body.role)}'.`, 'permission.role');
    out.role = body.role;
  }
  for (const key of ['emailAddress', 'domain', 'expirationTime'] as const) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw badRequest('invalid', `${key} must be a string.`, `permission.${key}`);
    out[key] = value;
  }
  const discovery =
    body.allowFileDiscovery ?? (body.withLink === undefined ? undefined : !body.withLink) ?? body.allowDiscovery;
  if (discovery !== undefined) {
    if (typeof discovery !== 'boolean')
      throw badRequest('invalid', 'allowFileDiscovery must be true or false.', 'permission.allowFileDiscovery');
    out.allowFileDiscovery = discovery;
  }
  return out;
}

/** Checks an expiration: user and group grants only, in the future, at most a year ahead. Returns the stored form. */
export function checkExpiration(
  s: DriveSession,
  value: string,
  type: GranteeType,
  role: Role,
  inSharedDriveRoot: boolean,
): string {
  if (type !== 'user' && type !== 'group')
    throw badRequest(
      'invalid',
      'Expiration dates can only be set on user and group permissions.',
      'permission.expirationTime',
    );
  if (role === 'owner' || role === 'organizer' || role === 'fileOrganizer' || inSharedDriveRoot) {
    throw badRequest(
      'invalid',
      'Expiration dates cannot be set on owners or on shared drive members.',
      'permission.expirationTime',
    );
  }
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time))
    throw badRequest('invalid', `Invalid expirationTime: ${value}`, 'permission.expirationTime');
  if (time <= s.now.getTime())
    throw badRequest('invalid', 'The expiration time must be in the future.', 'permission.expirationTime');
  if (time > s.now.getTime() + oneYearMs)
    throw badRequest(
      'invalid',
      'The expiration time cannot be more than a year in the future.',
      'permission.expirationTime',
    );
  return new Date(time).toISOString();
}

/** Role and grantee-type combinations Drive allows, for My Drive items and shared drive items. */
export function checkRoleForType(type: GranteeType, role: Role, file: FileRow): void {
  const inSharedDrive = file.drive_id !== null;
  if (role === 'owner') {
    if (type !== 'user') throw invalidSharing('Only a user can own a file.');
    if (inSharedDrive)
      throw new ApiError(
        403,
        'teamDrivesSharingRestricted',
        'Items in shared drives are owned by the drive; ownership cannot be transferred.',
      );
  }
  if ((role === 'organizer' || role === 'fileOrganizer') && !inSharedDrive) {
    throw invalidSharing(`The role ${role} exists only in shared drives.`);
  }
  if ((role === 'organizer' || role === 'fileOrganizer') && type !== 'user' && type !== 'group') {
    throw invalidSharing(`The role ${role} can only be given to users and groups.`);
  }
  if ((type === 'domain' || type === 'anyone') && roleRank[role] > roleRank.writer) {
    throw invalidSharing(`A ${type} permission can be reader, commenter or writer, not ${role}.`);
  }
}

/** The grantee's stable permission id and identifying columns. */
export function granteeOf(
  input: PermissionInput & { type: GranteeType },
): Pick<PermissionRow, 'id' | 'type' | 'email' | 'domain'> {
  switch (input.type) {
    case 'user':
    case 'group': {
      const email = input.emailAddress?.trim();
      if (!email)
        throw badRequest(
          'required',
          `An emailAddress is required for a ${input.type} permission.`,
          'permission.emailAddress',
        );
      if (!emailPattern.test(email))
        throw badRequest('invalid', `Invalid emailAddress: ${email}`, 'permission.emailAddress');
      if (input.domain !== undefined) throw invalidSharing('A domain is not used for user and group permissions.');
      return { id: permissionIdForEmail(email), type: input.type, email: email.toLowerCase(), domain: null };
    }
    case 'domain': {
      const domain = input.domain?.trim().toLowerCase();
      if (!domain) throw badRequest('required', 'A domain is required for a domain permission.', 'permission.domain');
      if (!domainPattern.test(domain)) throw badRequest('invalid', `Invalid domain: ${domain}`, 'permission.domain');
      if (input.emailAddress !== undefined) throw invalidSharing('An emailAddress is not used for domain permissions.');
      return { id: permissionIdForDomain(domain), type: 'domain', email: null, domain };
    }
    case 'anyone':
      if (input.emailAddress !== undefined || input.domain !== undefined)
        throw invalidSharing('An anyone permission names no address or domain.');
      return { id: anyonePermissionId, type: 'anyone', email: null, domain: null };
  }
}

export function principalOf(p: Pick<PermissionRow, 'type' | 'email' | 'domain'>): string {
  return principalFor(p.type, p.type === 'domain' ? p.domain : p.email);
}

export function discoverableOf(p: Pick<PermissionRow, 'type' | 'allow_file_discovery'>): boolean {
  return p.type === 'user' || p.type === 'group' ? true : p.allow_file_discovery === 1;
}

/** Writes a permission row and its reach (the file and everything below it). */
export function savePermission(s: DriveSession, row: PermissionRow, existing: PermissionRow | undefined): void {
  const grant = { rank: roleRank[row.role], expires: row.expiration_time, discoverable: discoverableOf(row) };
  if (existing) {
    s.data.permissions.update(row.file_id, row.id, {
      role: row.role,
      expiration_time: row.expiration_time,
      allow_file_discovery: row.allow_file_discovery,
    });
    s.data.access.regrant(row.file_id, row.id, grant);
  } else {
    s.data.permissions.insert(row);
    s.data.access.grant(row.file_id, row.id, { ...grant, principal: principalOf(row) });
  }
}

/** Queues the notification "email" a share sends (the outbox stands in for mail delivery). */
export function queueShareNotice(
  s: DriveSession,
  file: FileRow,
  recipient: string,
  role: Role,
  message: string | undefined,
  transfer: boolean,
): void {
  const sender = s.me.display_name;
  const subject = transfer
    ? `${sender} made you the owner of "${file.name}"`
    : `${sender} shared "${file.name}" with you (${role})`;
  const body = [message?.trim(), `${s.service.baseUrl()}/drive/v3/files/${file.id}`].filter(Boolean).join('\n\n');
  s.service.store
    .prepare(
      'INSERT INTO drive_outbox (recipient, sender_id, file_id, subject, body, created_time) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(recipient, s.user.id, file.id, subject, body, s.nowIso);
}

export function requireNotInherited(s: DriveSession, fileId: string, permissionId: string): PermissionRow {
  const direct = s.data.permissions.direct(fileId, permissionId);
  if (direct) return direct;
  if (s.data.permissions.effective(fileId).some((p) => p.id === permissionId)) {
    throw new ApiError(
      403,
      'cannotModifyInheritedPermission',
      'This permission is inherited from a folder; change it on that folder.',
    );
  }
  throw driveErrors.permissionNotFound(permissionId);
}
